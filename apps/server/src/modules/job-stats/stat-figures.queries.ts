import type { TStatFigures } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { type StatScope, scopeWhere, utcDay } from './stat-scope.ts';

/** Columns the figures can be grouped by (none: one row for the whole scope). */
export type StatKey = 'user_id' | 'day' | 'batch_id' | 'step_id';

export interface FigureRow extends TStatFigures {
  user_id: number;
  day: string;
  batch_id: number;
  step_id: number;
}

type Counts = Omit<TStatFigures, 'accuracy' | 'fit_accuracy'>;
const COUNT_FIELDS = [
  'sheets',
  'boxes',
  'points',
  'annotations',
  'work_seconds',
  'reviews',
  'approvals',
  'rejections',
  'resets',
] as const satisfies readonly (keyof Counts)[];

export const EMPTY_FIGURES: TStatFigures = {
  sheets: 0,
  boxes: 0,
  points: 0,
  annotations: 0,
  work_seconds: 0,
  reviews: 0,
  approvals: 0,
  rejections: 0,
  resets: 0,
  accuracy: null,
  fit_accuracy: null,
};

/** accuracy = approvals / (approvals + rejections + resets), null without any decision (docs/jobs.md). */
export function accuracyOf(f: Pick<TStatFigures, 'approvals' | 'rejections' | 'resets'>): number | null {
  const decided = f.approvals + f.rejections + f.resets;
  return decided === 0 ? null : f.approvals / decided;
}

const keyOf = (row: Record<string, unknown>, keys: readonly StatKey[]) => keys.map((k) => String(row[k])).join('|');
const groupCols = (keys: readonly StatKey[]) => sql.raw(keys.length === 0 ? '' : `${keys.join(', ')}, `);
const groupBy = (keys: readonly StatKey[]) => sql.raw(keys.length === 0 ? '' : `group by ${keys.join(', ')}`);
const userFilter = (scope: StatScope) => (scope.userId === undefined ? sql`` : sql`where x.user_id = ${scope.userId}`);

/**
 * The counted figures from the operation records, grouped by `keys`. Lines about the operator's work
 * (`operator_id`: submits, pass / reject / reset of their work) and the reviewer's decisions (`actor_id`) are
 * unioned, then summed per group; the step's type says whether a submit is a sheet (execute steps only).
 */
async function countFigures(db: Executor, scope: StatScope, keys: readonly StatKey[]) {
  const where = scopeWhere(scope, 'e', 'created_at');
  const day = utcDay('e.created_at');
  const sums = sql.raw(COUNT_FIELDS.map((f) => `sum(${f})::int as ${f}`).join(', '));
  return queryRows<Record<string, unknown> & Counts>(
    db,
    sql`select ${groupCols(keys)}${sums} from (
      select e.operator_id as user_id, ${day} as day, e.batch_id, e.step_id,
        case when e.action = 'submit' and s.type = 'execute' then 1 else 0 end as sheets,
        case when e.action = 'submit' and s.type = 'execute' then e.boxes else 0 end as boxes,
        case when e.action = 'submit' and s.type = 'execute' then e.points else 0 end as points,
        case when e.action = 'submit' and s.type = 'execute' then e.annotations else 0 end as annotations,
        case when e.action = 'submit' then e.work_seconds else 0 end as work_seconds,
        0 as reviews,
        case when e.action = 'pass' then 1 else 0 end as approvals,
        case when e.action = 'reject' then 1 else 0 end as rejections,
        case when e.action = 'reset' then 1 else 0 end as resets
      from job_events e join steps s on s.id = e.step_id
      where ${where} and e.operator_id is not null and e.action in ('submit', 'pass', 'reject', 'reset')
      union all
      select e.actor_id as user_id, ${day} as day, e.batch_id, e.step_id, 0, 0, 0, 0, 0, 1, 0, 0, 0
      from job_events e
      where ${where} and e.actor_id is not null and e.action in ('pass', 'reject', 'reset')
    ) x ${userFilter(scope)} ${groupBy(keys)}`,
  );
}

/**
 * Fit (multi-person) figures: over the operators' submitted or passed execute jobs (day = submit day) whose item
 * has a submitted or passed result at another execute step, the keys of `result.fields` of both (union) compared
 * one by one: `equal` of `compared`.
 */
async function fitFigures(db: Executor, scope: StatScope, keys: readonly StatKey[]) {
  const fields = (alias: string) =>
    sql.raw(
      `case jsonb_typeof(${alias}.result->'fields') when 'object' then ${alias}.result->'fields' else '{}'::jsonb end`,
    );
  const userWhere: SQL = scope.userId === undefined ? sql`` : sql`and j.operator_id = ${scope.userId}`;
  return queryRows<Record<string, unknown> & { equal: number; compared: number }>(
    db,
    sql`select ${groupCols(keys)} sum(equal)::int as equal, sum(compared)::int as compared from (
      select j.operator_id as user_id, ${utcDay('j.submitted_at')} as day, j.batch_id, j.step_id,
        case when (${fields('j')} -> k.key) is not distinct from (${fields('o')} -> k.key) then 1 else 0 end as equal,
        1 as compared
      from jobs j
        join steps s on s.id = j.step_id and s.type = 'execute'
        join jobs o on o.data_item_id = j.data_item_id and o.step_id <> j.step_id and o.subject_job_id is null
          and o.status in ('submitted', 'passed') and o.result is not null
        join steps so on so.id = o.step_id and so.type = 'execute'
        cross join lateral (
          select jsonb_object_keys(${fields('j')}) as key union select jsonb_object_keys(${fields('o')})
        ) k
      where ${scopeWhere(scope, 'j', 'submitted_at')} ${userWhere} and j.subject_job_id is null
        and j.status in ('submitted', 'passed') and j.operator_id is not null and j.result is not null
    ) x ${groupBy(keys)}`,
  );
}

/**
 * The statistics of docs/jobs.md for a scope, one row per group of `keys` that has any activity (groups without
 * any line are left out), with accuracy and fit accuracy.
 */
export async function statFigures(db: Executor, scope: StatScope, keys: readonly StatKey[]): Promise<FigureRow[]> {
  const [counts, fits] = await Promise.all([countFigures(db, scope, keys), fitFigures(db, scope, keys)]);
  const rows = new Map<string, FigureRow>();
  const rowFor = (source: Record<string, unknown>) => {
    const key = keyOf(source, keys);
    let row = rows.get(key);
    if (!row) {
      row = { ...EMPTY_FIGURES, user_id: 0, day: '', batch_id: 0, step_id: 0 };
      for (const k of keys)
        (row as unknown as Record<string, unknown>)[k] = k === 'day' ? source[k] : Number(source[k]);
      rows.set(key, row);
    }
    return row;
  };
  for (const c of counts) {
    const row = rowFor(c);
    for (const f of COUNT_FIELDS) row[f] = Number(c[f] ?? 0);
    row.accuracy = accuracyOf(row);
  }
  for (const fit of fits) {
    const row = rowFor(fit);
    row.fit_accuracy = Number(fit.compared) > 0 ? Number(fit.equal) / Number(fit.compared) : null;
  }
  return [...rows.values()];
}

/** The figures of a whole scope (zeros and nulls when nothing happened). */
export async function statTotal(db: Executor, scope: StatScope): Promise<TStatFigures> {
  const [row] = await statFigures(db, scope, []);
  return row ? stripKeys(row) : { ...EMPTY_FIGURES };
}

/** The figures alone, without the group columns. */
export function stripKeys(row: FigureRow): TStatFigures {
  const { user_id: _u, day: _d, batch_id: _b, step_id: _s, ...figures } = row;
  return figures;
}

/** Per-day rows (oldest first) and the total of a scope. */
export async function statDays(db: Executor, scope: StatScope) {
  const [days, total] = await Promise.all([statFigures(db, scope, ['day']), statTotal(db, scope)]);
  return {
    days: days.sort((a, b) => a.day.localeCompare(b.day)).map((row) => ({ day: row.day, ...stripKeys(row) })),
    total,
  };
}
