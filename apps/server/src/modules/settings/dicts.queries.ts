import type { TDictItem } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

const { dicts, dictItems } = schema;

type DictRecord = typeof dicts.$inferSelect;
type ItemRecord = typeof dictItems.$inferSelect;

const itemCount = sql<number>`(select count(*)::int from dict_items i where i.dict_id = "dicts"."id")`;

export function presentDict(row: DictRecord, count: number) {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    item_count: count,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentItem(row: ItemRecord): TDictItem {
  return {
    id: row.id,
    dict_id: row.dictId,
    value: row.value,
    label_zh: row.labelZh,
    label_en: row.labelEn,
    sort: row.sort,
    enabled: row.enabled,
  };
}

export async function listDicts(db: Executor, filter: { keyword?: string; page: number; pageSize: number }) {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(dicts.key, pattern), ilike(dicts.name, pattern), ilike(dicts.description, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ dict: dicts, count: itemCount })
      .from(dicts)
      .where(where)
      .orderBy(asc(dicts.key))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(dicts).where(where),
  ]);
  return { rows: rows.map((r) => presentDict(r.dict, r.count)), total: counted?.total ?? 0 };
}

export async function findDict(db: Executor, id: number) {
  const [row] = await db.select({ dict: dicts, count: itemCount }).from(dicts).where(eq(dicts.id, id)).limit(1);
  return row ? presentDict(row.dict, row.count) : undefined;
}

export async function findItem(db: Executor, id: number): Promise<TDictItem | undefined> {
  const [row] = await db.select().from(dictItems).where(eq(dictItems.id, id)).limit(1);
  return row ? presentItem(row) : undefined;
}

export async function dictItemsOf(db: Executor, dictId: number): Promise<TDictItem[]> {
  const rows = await db
    .select()
    .from(dictItems)
    .where(eq(dictItems.dictId, dictId))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
  return rows.map(presentItem);
}

/** A dictionary's enabled items by its key, labelled in the caller's language; undefined for an unknown key. */
export async function optionsOf(db: Executor, key: string, lang: Lang) {
  const [dict] = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.key, key)).limit(1);
  if (!dict) return undefined;
  const rows = await db
    .select({ value: dictItems.value, labelZh: dictItems.labelZh, labelEn: dictItems.labelEn })
    .from(dictItems)
    .where(and(eq(dictItems.dictId, dict.id), eq(dictItems.enabled, true)))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
  return rows.map((r) => ({ value: r.value, label: lang === 'en-US' ? r.labelEn : r.labelZh }));
}
