import { type Executor, schema } from '@app/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { cdkeysShown } from './cdkeys.queries.ts';

/** Codes are shown upper case; what the learner types is compared the same way, without spaces. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

interface Redeemed {
  id: number;
  category_id: number;
  sub_category_id: number | null;
}

/**
 * The single conditional update: of any number of concurrent attempts on one code exactly one gets a row back.
 * The validity is checked in the same statement (against the batch), so an expired code never changes.
 */
async function claimCode(db: Executor, siteId: number, userId: number, code: string): Promise<Redeemed | undefined> {
  const { cdkeys, cdkeyBatches } = schema;
  const [row] = await db
    .update(cdkeys)
    .set({ redeemedBy: userId, redeemedAt: sql`now()` })
    .from(cdkeyBatches)
    .where(
      and(
        eq(cdkeys.code, code),
        eq(cdkeys.siteId, siteId),
        eq(cdkeyBatches.id, cdkeys.batchId),
        eq(cdkeys.status, 'active'),
        isNull(cdkeys.redeemedBy),
        sql`now() between ${cdkeyBatches.validFrom} and ${cdkeyBatches.validUntil}`,
      ),
    )
    .returning({ id: cdkeys.id, category_id: cdkeyBatches.categoryId, sub_category_id: cdkeyBatches.subCategoryId });
  return row;
}

/** Why a code could not be claimed: the first reason that applies, in the order a learner would understand. */
async function refusal(db: Executor, siteId: number, code: string): Promise<AppError> {
  const [row] = await db
    .select({
      status: schema.cdkeys.status,
      redeemedBy: schema.cdkeys.redeemedBy,
      validFrom: schema.cdkeyBatches.validFrom,
      validUntil: schema.cdkeyBatches.validUntil,
    })
    .from(schema.cdkeys)
    .innerJoin(schema.cdkeyBatches, eq(schema.cdkeyBatches.id, schema.cdkeys.batchId))
    .where(and(eq(schema.cdkeys.code, code), eq(schema.cdkeys.siteId, siteId)));
  if (!row) return new AppError('cdkey_invalid');
  if (row.redeemedBy !== null) return new AppError('cdkey_used');
  if (row.status === 'disabled') return new AppError('cdkey_disabled');
  return new AppError('cdkey_expired');
}

/**
 * `/cdkey/redeem`: claims the code for the caller and unlocks its category and sub-category (an unlock the caller
 * already has stays as it was). A code of another organisation is unknown here (cdkey_invalid).
 */
export async function redeemCdkey(ctx: TenantContext, input: { code: string }) {
  const { siteId, userId } = ctx.session;
  if (!(await cdkeysShown(ctx.db, siteId))) throw new AppError('cdkey_hidden');
  const code = normaliseCode(input.code);
  const redeemed = await ctx.db.transaction(async (tx) => {
    const claimed = await claimCode(tx, siteId, userId, code);
    if (!claimed) return undefined;
    const categoryIds = [claimed.category_id, claimed.sub_category_id].filter((id): id is number => id !== null);
    await tx
      .insert(schema.categoryUnlocks)
      .values(categoryIds.map((categoryId) => ({ userId, categoryId, siteId, cdkeyId: claimed.id })))
      .onConflictDoNothing();
    return claimed;
  });
  if (!redeemed) throw await refusal(ctx.db, siteId, code);
  const ids = [redeemed.category_id, redeemed.sub_category_id].filter((id): id is number => id !== null);
  const names = await ctx.db
    .select({ id: schema.questionCategories.id, name: schema.questionCategories.name })
    .from(schema.questionCategories)
    .where(and(eq(schema.questionCategories.siteId, siteId), inArray(schema.questionCategories.id, ids)));
  const nameOf = (id: number | null) => (id === null ? null : (names.find((n) => n.id === id)?.name ?? ''));
  return {
    category_id: redeemed.category_id,
    category_name: nameOf(redeemed.category_id) ?? '',
    sub_category_id: redeemed.sub_category_id,
    sub_category_name: nameOf(redeemed.sub_category_id),
  };
}
