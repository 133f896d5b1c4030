import type { TLabelDictDetail, TLabelDictItem, TLabelDictOption, TLabelDictRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { labelDicts, labelDictItems } = schema;

export type LabelDictRecord = typeof labelDicts.$inferSelect;
type LabelDictItemRecord = typeof labelDictItems.$inferSelect;

// Written out with table names: in a one-table select drizzle leaves columns unqualified, and a bare "id" in the
// subquery would name the item's own id.
const itemCount = sql<number>`(select count(*)::int from label_dict_items i where i.dict_id = "label_dicts"."id")`;

function presentRow(dict: LabelDictRecord, count: number): TLabelDictRow {
  return {
    id: dict.id,
    name: dict.name,
    description: dict.description,
    item_count: count,
    updated_at: dict.updatedAt.toISOString(),
  };
}

function presentItem(item: LabelDictItemRecord): TLabelDictItem {
  return {
    id: item.id,
    value: item.value,
    label: item.label,
    color: item.color,
    shortcut: item.shortcut,
    sort: item.sort,
    enabled: item.enabled,
  };
}

/** One dictionary of the organisation (locked when asked), else not_found. */
export async function loadDict(db: Executor, siteId: number, id: number, lock = false): Promise<LabelDictRecord> {
  const query = db
    .select()
    .from(labelDicts)
    .where(and(eq(labelDicts.siteId, siteId), eq(labelDicts.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

export async function loadDictItems(db: Executor, dictId: number): Promise<LabelDictItemRecord[]> {
  return db
    .select()
    .from(labelDictItems)
    .where(eq(labelDictItems.dictId, dictId))
    .orderBy(asc(labelDictItems.sort), asc(labelDictItems.id));
}

export async function dictDetail(db: Executor, siteId: number, id: number): Promise<TLabelDictDetail> {
  const dict = await loadDict(db, siteId, id);
  const items = await loadDictItems(db, dict.id);
  return {
    ...presentRow(dict, items.length),
    created_at: dict.createdAt.toISOString(),
    items: items.map(presentItem),
  };
}

/** What the audit log keeps of a dictionary and of its items. */
export const dictAuditState = (dict: LabelDictRecord) => ({ name: dict.name, description: dict.description });
export const itemsAuditState = (items: readonly LabelDictItemRecord[]) =>
  items.map((item) => ({
    value: item.value,
    label: item.label,
    color: item.color,
    shortcut: item.shortcut,
    enabled: item.enabled,
  }));

export async function listDicts(
  db: Executor,
  siteId: number,
  filter: { keyword?: string; page: number; pageSize: number },
): Promise<{ list: TLabelDictRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(labelDicts.siteId, siteId)];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(or(sql`${labelDicts.name} ilike ${pattern}`, sql`${labelDicts.description} ilike ${pattern}`));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ dict: labelDicts, itemCount })
      .from(labelDicts)
      .where(where)
      .orderBy(desc(labelDicts.updatedAt), desc(labelDicts.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(labelDicts).where(where),
  ]);
  return { list: rows.map((row) => presentRow(row.dict, row.itemCount)), total: counted?.count ?? 0 };
}

/** The organisation's dictionaries by name, each with its enabled items by sort. */
export async function dictOptions(db: Executor, siteId: number): Promise<TLabelDictOption[]> {
  const dicts = await db
    .select({ id: labelDicts.id, name: labelDicts.name })
    .from(labelDicts)
    .where(eq(labelDicts.siteId, siteId))
    .orderBy(asc(labelDicts.name), asc(labelDicts.id));
  if (dicts.length === 0) return [];
  const items = await db
    .select()
    .from(labelDictItems)
    .where(
      and(
        eq(labelDictItems.siteId, siteId),
        inArray(
          labelDictItems.dictId,
          dicts.map((d) => d.id),
        ),
        eq(labelDictItems.enabled, true),
      ),
    )
    .orderBy(asc(labelDictItems.sort), asc(labelDictItems.id));
  const byDict = new Map<number, TLabelDictOption['items']>(dicts.map((d) => [d.id, []]));
  for (const item of items) {
    byDict.get(item.dictId)?.push({ value: item.value, label: item.label, color: item.color, shortcut: item.shortcut });
  }
  return dicts.map((d) => ({ id: d.id, name: d.name, items: byDict.get(d.id) ?? [] }));
}
