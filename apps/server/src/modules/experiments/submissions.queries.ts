import type { TSubmission, TSubmissionResult } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { experimentSubmissions: submissions } = schema;
export type SubmissionRecord = typeof submissions.$inferSelect;

export async function loadSubmission(db: Executor, siteId: number, id: number): Promise<SubmissionRecord> {
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.siteId, siteId), eq(submissions.id, id)));
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * A queued submission's place: 1 + the organisation's queued submissions created before it. The queue itself is
 * shared by every organisation (first in, first out), so this is the learner's place among their organisation's
 * work, not a promise of the wait (docs/experiments.md "The queue").
 */
export async function placeOf(db: Executor, siteId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.siteId, siteId), eq(submissions.status, 'queued'), lt(submissions.id, id)));
  return Number(row?.n ?? 0) + 1;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function rowOf(record: SubmissionRecord, place: number | null) {
  return {
    id: record.id,
    experiment_id: record.experimentId,
    user_id: record.userId,
    kind: record.kind,
    language: record.language,
    status: record.status,
    place: record.status === 'queued' ? place : null,
    score: record.score,
    max_score: record.maxScore,
    created_at: record.createdAt.toISOString(),
    started_at: iso(record.startedAt),
    finished_at: iso(record.finishedAt),
  };
}

/** A learner's view of a result: hidden cases reduced to passed/failed (and the points). */
function forLearner(result: TSubmissionResult): TSubmissionResult {
  if (!result.cases) return result;
  const cases = result.cases.map((c) =>
    c.hidden ? { index: c.index, hidden: true, passed: c.passed, weight: c.weight, score: c.score } : c,
  );
  return { ...result, cases };
}

export async function submissionOut(db: Executor, record: SubmissionRecord, full: boolean): Promise<TSubmission> {
  const place = record.status === 'queued' ? await placeOf(db, record.siteId, record.id) : null;
  const result = record.result as TSubmissionResult | null;
  return {
    ...rowOf(record, place),
    code: record.code,
    stdin: record.stdin,
    result: result && !full ? forLearner(result) : result,
  };
}

/** The caller's submissions of an experiment, newest first (places only for the queued ones on the page). */
export async function listSubmissions(
  db: Executor,
  siteId: number,
  experimentId: number,
  userId: number,
  page: { page: number; pageSize: number },
) {
  const where = and(
    eq(submissions.siteId, siteId),
    eq(submissions.experimentId, experimentId),
    eq(submissions.userId, userId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(submissions)
      .where(where)
      .orderBy(desc(submissions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(submissions).where(where),
  ]);
  const list = [];
  for (const row of rows) {
    list.push(rowOf(row, row.status === 'queued' ? await placeOf(db, siteId, row.id) : null));
  }
  return { list, total: Number(total?.n ?? 0) };
}
