import { JOB_STATUSES, type TJobStatus } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { EMPTY_FIGURES, statFigures, stripKeys } from './stat-figures.queries.ts';

/** Every job status at zero: the base of the per-status counts (the contract's records list them all). */
export function zeroCounts(): Record<TJobStatus, number> {
  return Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<TJobStatus, number>;
}

/**
 * `/stat/list-by-batch`: one row per batch and step of the project (batch order, then step order): the jobs'
 * counts by status now, and the figures of the operation records at that batch and step (all time).
 */
export async function statListByBatch(db: Executor, siteId: number, projectId: number) {
  const { batches, steps, jobs } = schema;
  const [batchRows, stepRows, counts, figures] = await Promise.all([
    db
      .select({ id: batches.id, name: batches.name })
      .from(batches)
      .where(and(eq(batches.siteId, siteId), eq(batches.projectId, projectId)))
      .orderBy(asc(batches.seq), asc(batches.id)),
    db
      .select({ id: steps.id, name: steps.name })
      .from(steps)
      .where(and(eq(steps.siteId, siteId), eq(steps.projectId, projectId)))
      .orderBy(asc(steps.seq), asc(steps.id)),
    db
      .select({ batchId: jobs.batchId, stepId: jobs.stepId, status: jobs.status, count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.siteId, siteId), eq(jobs.projectId, projectId)))
      .groupBy(jobs.batchId, jobs.stepId, jobs.status),
    statFigures(db, { siteId, projectId }, ['batch_id', 'step_id']),
  ]);
  const key = (batchId: number, stepId: number) => `${batchId}|${stepId}`;
  const countsBy = new Map<string, Record<TJobStatus, number>>();
  for (const c of counts) {
    const k = key(c.batchId, c.stepId);
    const record = countsBy.get(k) ?? zeroCounts();
    record[c.status] = Number(c.count);
    countsBy.set(k, record);
  }
  const figuresBy = new Map(figures.map((f) => [key(f.batch_id, f.step_id), stripKeys(f)]));
  const list = batchRows.flatMap((batch) =>
    stepRows.map((step) => ({
      batch_id: batch.id,
      batch_name: batch.name,
      step_id: step.id,
      step_name: step.name,
      counts: countsBy.get(key(batch.id, step.id)) ?? zeroCounts(),
      ...(figuresBy.get(key(batch.id, step.id)) ?? EMPTY_FIGURES),
    })),
  );
  return { list };
}

/** The caller's jobs (execute and review) in the organisation by status now. */
export async function statusCountsOf(db: Executor, siteId: number, userId: number) {
  const { jobs } = schema;
  const rows = await db
    .select({ status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.siteId, siteId), eq(jobs.operatorId, userId)))
    .groupBy(jobs.status);
  const counts = zeroCounts();
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
