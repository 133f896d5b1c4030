import { schema } from '@app/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { lockJob } from './held-job.ts';
import { eventFor, recordJobEvents } from './job-events.ts';
import { assertTaskOpen, loadTask } from './task-access.ts';

/**
 * `/task/reopen`: the operator takes back their own submitted work to modify it while its review job is still
 * unclaimed (that review job is withdrawn); it is in their hands again with a fresh lease, the result as draft.
 */
export async function reopenJob(ctx: TenantContext, jobId: number) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const job = await lockJob(tx, siteId, jobId);
    if (job.operatorId !== userId) throw new AppError('job_not_holder');
    if (job.status !== 'submitted' || job.subjectJobId !== null) {
      throw new AppError('job_state_wrong', { status: job.status });
    }
    const task = await loadTask(tx, siteId, job.taskId);
    assertTaskOpen(task);
    const openReview = and(eq(schema.jobs.subjectJobId, job.id), isNull(schema.jobs.decision));
    const reviews = await tx.select().from(schema.jobs).where(openReview).for('update');
    if (reviews.some((r) => r.status !== 'unclaimed')) throw new AppError('job_state_wrong', { status: job.status });
    await tx.delete(schema.jobs).where(openReview);
    const [reopened] = await tx
      .update(schema.jobs)
      .set({
        status: 'in_progress',
        draft: job.result,
        claimedAt: sql`now()`,
        leaseEndsAt: sql`now() + make_interval(secs => ${task.leaseSeconds})`,
        warnedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(schema.jobs.id, job.id))
      .returning();
    await recordJobEvents(tx, [
      eventFor(job, {
        action: 'reopen',
        actorId: userId,
        operatorId: userId,
        fromStatus: 'submitted',
        toStatus: 'in_progress',
      }),
    ]);
    const [item] = await tx
      .select({ seq: schema.dataItems.seq, name: schema.dataItems.name })
      .from(schema.dataItems)
      .where(eq(schema.dataItems.id, job.dataItemId));
    return {
      job: {
        id: reopened!.id,
        status: 'in_progress' as const,
        seq: item!.seq,
        item_name: item!.name,
        lease_ends_at: reopened!.leaseEndsAt?.toISOString() ?? null,
      },
    };
  });
}
