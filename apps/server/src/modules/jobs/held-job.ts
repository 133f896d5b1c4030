import { type Executor, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

export type JobRecord = typeof schema.jobs.$inferSelect;

/** A job of the caller's organisation, locked for the rest of the transaction (`not_found` otherwise). */
export async function lockJob(tx: Executor, siteId: number, jobId: number): Promise<JobRecord> {
  const [job] = await tx
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.id, jobId), eq(schema.jobs.siteId, siteId)))
    .for('update');
  if (!job) throw new AppError('not_found');
  return job;
}

/**
 * Refuses a job the user does not hold: someone else's or nobody's (`job_not_holder`), not in progress
 * (`job_state_wrong` with its status), or whose lease has ended (`job_lease_expired`; the sweeper returns it).
 */
export function assertHeld(job: JobRecord, userId: number): void {
  if (job.operatorId !== userId) throw new AppError('job_not_holder');
  if (job.status !== 'in_progress') throw new AppError('job_state_wrong', { status: job.status });
  if (!job.leaseEndsAt || job.leaseEndsAt.getTime() <= Date.now()) throw new AppError('job_lease_expired');
}

/** Seconds from the claim to now (work time of the lease that ends in a submit or decision). */
export function secondsSinceClaim(job: JobRecord): number {
  return job.claimedAt ? Math.max(0, Math.round((Date.now() - job.claimedAt.getTime()) / 1000)) : 0;
}

/** The next job the user holds in the task after `jobId` in data order (or the first), for the job frame. */
export async function nextInHand(db: Executor, taskId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: schema.jobs.id })
    .from(schema.jobs)
    .innerJoin(schema.dataItems, eq(schema.dataItems.id, schema.jobs.dataItemId))
    .where(
      and(
        eq(schema.jobs.taskId, taskId),
        eq(schema.jobs.operatorId, userId),
        eq(schema.jobs.status, 'in_progress'),
        sql`${schema.jobs.leaseEndsAt} > now()`,
      ),
    )
    .orderBy(schema.dataItems.seq)
    .limit(1);
  return row?.id ?? null;
}
