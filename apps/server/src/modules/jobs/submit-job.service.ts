import { isDeepStrictEqual } from 'node:util';
import { resultCounts, type TAnnotationResult } from '@app/contracts';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { advanceWork } from './create-jobs.ts';
import { assertHeld, lockJob, nextInHand, secondsSinceClaim } from './held-job.ts';
import { eventFor, recordJobEvents } from './job-events.ts';
import { assertResultValid, templateOfStep } from './job-template.ts';

/**
 * `/task/submit`: an execute job in the caller's hands, lease running, result meeting the template, becomes
 * submitted (draft dropped, seconds worked added, counts recorded); the first review step's job is created, or
 * with no review step the work is passed. Sending the same submit again answers the same without a change.
 */
export async function submitJob(ctx: TenantContext, jobId: number, result: TAnnotationResult) {
  const { siteId, userId } = ctx.session;
  const status = await ctx.db.transaction(async (tx) => {
    const job = await lockJob(tx, siteId, jobId);
    if (job.subjectJobId !== null) throw new AppError('job_state_wrong', { status: job.status });
    const repeated =
      (job.status === 'submitted' || job.status === 'passed') &&
      job.operatorId === userId &&
      isDeepStrictEqual(job.result, result);
    if (repeated) return job.status;
    assertHeld(job, userId);
    assertResultValid(await templateOfStep(tx, job.stepId), result, ctx.lang);
    const seconds = secondsSinceClaim(job);
    const [submitted] = await tx
      .update(schema.jobs)
      .set({
        status: 'submitted',
        result,
        draft: null,
        draftSavedAt: null,
        submittedAt: sql`now()`,
        leaseEndsAt: null,
        warnedAt: null,
        decision: null,
        workSeconds: sql`${schema.jobs.workSeconds} + ${seconds}`,
        updatedAt: sql`now()`,
      })
      .where(eq(schema.jobs.id, job.id))
      .returning();
    await recordJobEvents(tx, [
      eventFor(job, {
        action: 'submit',
        actorId: userId,
        operatorId: userId,
        fromStatus: 'in_progress',
        toStatus: 'submitted',
        workSeconds: seconds,
        ...resultCounts(result),
      }),
    ]);
    const reviewJob = await advanceWork(tx, submitted!, job.stepId);
    return reviewJob === null ? 'passed' : 'submitted';
  });
  const [job] = await ctx.db.select({ taskId: schema.jobs.taskId }).from(schema.jobs).where(eq(schema.jobs.id, jobId));
  return { status, next_job_id: await nextInHand(ctx.db, job!.taskId, userId) };
}
