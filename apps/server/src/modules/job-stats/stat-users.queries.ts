import type { STAT_OPS, TStatFigures } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { inArray } from 'drizzle-orm';
import { type FigureRow, statFigures, stripKeys } from './stat-figures.queries.ts';
import type { StatScope } from './stat-scope.ts';

export interface StatCondition {
  field: Exclude<keyof TStatFigures, 'reviews' | 'fit_accuracy'>;
  op: (typeof STAT_OPS)[number];
  value: number;
}

const EPSILON = 1e-9;

/** `field op value` on one operator's row; accuracy is a ratio 0..1 and a null accuracy meets no condition. */
export function meetsCondition(row: TStatFigures, condition: StatCondition): boolean {
  const value = row[condition.field];
  if (value === null) return false;
  switch (condition.op) {
    case 'gt':
      return value > condition.value + EPSILON;
    case 'lt':
      return value < condition.value - EPSILON;
    case 'gte':
      return value >= condition.value - EPSILON;
    case 'lte':
      return value <= condition.value + EPSILON;
    case 'eq':
      return Math.abs(value - condition.value) <= EPSILON;
  }
}

export interface StatUserRow extends TStatFigures {
  user_id: number;
  nickname: string;
}

/**
 * Every operator's figures over the scope (operators with any activity), nicknames added, ordered by sheets
 * (most first), then nickname, then id.
 */
export async function statUserRows(db: Executor, scope: StatScope): Promise<StatUserRow[]> {
  const rows: FigureRow[] = await statFigures(db, scope, ['user_id']);
  if (rows.length === 0) return [];
  const people = await db
    .select({ id: schema.users.id, nickname: schema.users.nickname, username: schema.users.username })
    .from(schema.users)
    .where(
      inArray(
        schema.users.id,
        rows.map((r) => r.user_id),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows
    .map((row) => ({ user_id: row.user_id, nickname: byId.get(row.user_id)?.nickname ?? '', ...stripKeys(row) }))
    .sort((a, b) => b.sheets - a.sheets || a.nickname.localeCompare(b.nickname) || a.user_id - b.user_id);
}

/** `/stat/users`: the operators' rows filtered by keyword (nickname) and every condition, then one page. */
export async function statUsers(
  db: Executor,
  scope: StatScope,
  input: { page: number; pageSize: number; keyword?: string | undefined; conditions: StatCondition[] },
) {
  const keyword = input.keyword?.trim().toLowerCase();
  const rows = (await statUserRows(db, scope)).filter(
    (row) =>
      (!keyword || row.nickname.toLowerCase().includes(keyword)) &&
      input.conditions.every((condition) => meetsCondition(row, condition)),
  );
  const start = (input.page - 1) * input.pageSize;
  return {
    list: rows.slice(start, start + input.pageSize),
    total: rows.length,
    page: input.page,
    pageSize: input.pageSize,
  };
}
