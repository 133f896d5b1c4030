import { type Executor, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { JobRecord } from './held-job.ts';
import { eventFor, recordJobEvents } from './job-events.ts';

/**
 * Suspends a locked job (unclaimed or in progress) as difficult with a reason: it waits as pending, lease dropped,
 * until an administrator resolves it back to the pool. Recorded with `actorId` as who acted.
 */
export async function suspendJob(tx: Executor, job: JobRecord, actorId: number, reason: string): Promise<void> {
  await tx
    .update(schema.jobs)
    .set({
      status: 'pending',
      statusBeforePend: 'unclaimed',
      reason,
      leaseEndsAt: null,
      warnedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(schema.jobs.id, job.id));
  await recordJobEvents(tx, [
    eventFor(job, {
      action: 'pend',
      actorId,
      operatorId: job.operatorId,
      fromStatus: job.status,
      toStatus: 'pending',
      reason,
    }),
  ]);
}
