import type { TCdkeyBatchRow, TCdkeyCodeRow, TCdkeyCodeState, TMyCdkeyRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { siteSettings } from '../sites/index.ts';

const { cdkeyBatches, cdkeys, questionCategories, users, sites } = schema;
const subCategories = alias(questionCategories, 'sub_categories');

/** Whether the organisation offers activation codes: `showCdkey` on and a service_type other than 1. */
export async function cdkeysShown(db: Executor, siteId: number): Promise<boolean> {
  const [site] = await db.select({ serviceType: sites.serviceType }).from(sites).where(eq(sites.id, siteId));
  if (!site || site.serviceType === 1) return false;
  return (await siteSettings(db, siteId)).showCdkey === '1';
}

const usedCount = sql<number>`(select count(*)::int from cdkeys k where k.batch_id = "cdkey_batches"."id" and k.redeemed_by is not null)`;
const disabledCount = sql<number>`(select count(*)::int from cdkeys k where k.batch_id = "cdkey_batches"."id" and k.redeemed_by is null and k.status = 'disabled')`;

function batchQuery(db: Executor) {
  return db
    .select({
      batch: cdkeyBatches,
      categoryName: questionCategories.name,
      subCategoryName: subCategories.name,
      used: usedCount,
      disabled: disabledCount,
    })
    .from(cdkeyBatches)
    .innerJoin(questionCategories, eq(questionCategories.id, cdkeyBatches.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, cdkeyBatches.subCategoryId));
}

type BatchResult = Awaited<ReturnType<ReturnType<typeof batchQuery>['execute']>>[number];

function presentBatch(r: BatchResult): TCdkeyBatchRow {
  const b = r.batch;
  return {
    id: b.id,
    name: b.name,
    category_id: b.categoryId,
    category_name: r.categoryName,
    sub_category_id: b.subCategoryId,
    sub_category_name: r.subCategoryName ?? null,
    unit_price_cents: b.unitPriceCents,
    count: b.count,
    used_count: r.used,
    disabled_count: r.disabled,
    use_rate: b.count > 0 ? Math.round((r.used / b.count) * 10_000) / 10_000 : 0,
    valid_from: b.validFrom.toISOString(),
    valid_until: b.validUntil.toISOString(),
    created_at: b.createdAt.toISOString(),
  };
}

export async function listBatches(
  db: Executor,
  siteId: number,
  input: { page: number; pageSize: number; keyword?: string },
): Promise<{ list: TCdkeyBatchRow[]; total: number }> {
  const conditions: SQL[] = [eq(cdkeyBatches.siteId, siteId)];
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(cdkeyBatches.name, likePattern(keyword)));
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(
    batchQuery(db).where(where).orderBy(desc(cdkeyBatches.id)).limit(input.pageSize).offset(pageOffset(input)),
    db.select({ n: sql<number>`count(*)::int` }).from(cdkeyBatches).where(where),
  );
  return { list: rows.map(presentBatch), total };
}

/** One batch of the organisation, else not_found. */
export async function batchDetail(db: Executor, siteId: number, id: number): Promise<TCdkeyBatchRow> {
  const [row] = await batchQuery(db).where(and(eq(cdkeyBatches.siteId, siteId), eq(cdkeyBatches.id, id)));
  if (!row) throw new AppError('not_found');
  return presentBatch(row);
}

function stateCondition(state: TCdkeyCodeState): SQL {
  if (state === 'used') return isNotNull(cdkeys.redeemedBy);
  if (state === 'disabled') return and(isNull(cdkeys.redeemedBy), eq(cdkeys.status, 'disabled'))!;
  return and(isNull(cdkeys.redeemedBy), eq(cdkeys.status, 'active'))!;
}

/** A batch's codes (the batch must be the organisation's: not_found otherwise). */
export async function listCodes(
  db: Executor,
  siteId: number,
  input: { batch_id: number; state?: TCdkeyCodeState; keyword?: string; page: number; pageSize: number },
): Promise<{ list: TCdkeyCodeRow[]; total: number }> {
  await batchDetail(db, siteId, input.batch_id);
  const conditions: SQL[] = [eq(cdkeys.siteId, siteId), eq(cdkeys.batchId, input.batch_id)];
  if (input.state) conditions.push(stateCondition(input.state));
  const keyword = input.keyword?.trim();
  if (keyword) {
    const like = likePattern(keyword);
    conditions.push(or(ilike(cdkeys.code, like), ilike(users.username, like), ilike(users.nickname, like))!);
  }
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(
    db
      .select({ code: cdkeys, username: users.username, nickname: users.nickname })
      .from(cdkeys)
      .leftJoin(users, eq(users.id, cdkeys.redeemedBy))
      .where(where)
      .orderBy(cdkeys.id)
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cdkeys)
      .leftJoin(users, eq(users.id, cdkeys.redeemedBy))
      .where(where),
  );
  return { list: rows.map(presentCode), total };
}

function presentCode(r: {
  code: typeof cdkeys.$inferSelect;
  username: string | null;
  nickname: string | null;
}): TCdkeyCodeRow {
  const c = r.code;
  const state: TCdkeyCodeState = c.redeemedBy ? 'used' : c.status === 'disabled' ? 'disabled' : 'unused';
  return {
    id: c.id,
    code: c.code,
    state,
    redeemed_by_name: c.redeemedBy ? r.nickname || r.username : null,
    redeemed_at: c.redeemedAt?.toISOString() ?? null,
  };
}

/** Every code of the batch for the export (at most the batch's count). */
export async function allCodes(db: Executor, siteId: number, batchId: number): Promise<TCdkeyCodeRow[]> {
  const rows = await db
    .select({ code: cdkeys, username: users.username, nickname: users.nickname })
    .from(cdkeys)
    .leftJoin(users, eq(users.id, cdkeys.redeemedBy))
    .where(and(eq(cdkeys.siteId, siteId), eq(cdkeys.batchId, batchId)))
    .orderBy(cdkeys.id);
  return rows.map(presentCode);
}

/** The ids among `ids` that are codes of the organisation; any other id answers not_found. */
export async function checkCodesOwned(db: Executor, siteId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: cdkeys.id })
    .from(cdkeys)
    .where(and(eq(cdkeys.siteId, siteId), inArray(cdkeys.id, unique)));
  if (rows.length !== unique.length) throw new AppError('not_found');
}

/** The caller's redeemed codes in the organisation, newest first. */
export async function myCodes(db: Executor, siteId: number, userId: number): Promise<TMyCdkeyRow[]> {
  const rows = await db
    .select({
      id: cdkeys.id,
      code: cdkeys.code,
      redeemedAt: cdkeys.redeemedAt,
      batchName: cdkeyBatches.name,
      categoryName: questionCategories.name,
      subCategoryName: subCategories.name,
    })
    .from(cdkeys)
    .innerJoin(cdkeyBatches, eq(cdkeyBatches.id, cdkeys.batchId))
    .innerJoin(questionCategories, eq(questionCategories.id, cdkeyBatches.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, cdkeyBatches.subCategoryId))
    .where(and(eq(cdkeys.siteId, siteId), eq(cdkeys.redeemedBy, userId)))
    .orderBy(desc(cdkeys.redeemedAt), desc(cdkeys.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    batch_name: r.batchName,
    category_name: r.categoryName,
    sub_category_name: r.subCategoryName ?? null,
    redeemed_at: (r.redeemedAt ?? new Date()).toISOString(),
  }));
}
