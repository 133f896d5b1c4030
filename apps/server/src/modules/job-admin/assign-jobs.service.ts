import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { eventFor, isAssigned, loadTask, lockJob, recordJobEvents } from '../jobs/index.ts';
import { requireActiveMembers } from '../projects/index.ts';
import { lockSelection } from './job-selection.ts';

/** `/work/resolve`: pending jobs return to the pool (operator and draft cleared); others are skipped. */
export async function resolveJobs(ctx: TenantContext, jobIds: number[]) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const ids = await lockSelection(tx, siteId, { job_ids: jobIds });
    let done = 0;
    for (const id of ids) {
      const job = await lockJob(tx, siteId, id);
      if (job.status !== 'pending') continue;
      await tx
        .update(schema.jobs)
        .set({
          status: 'unclaimed',
          operatorId: null,
          statusBeforePend: null,
          draft: null,
          draftSavedAt: null,
          leaseEndsAt: null,
          warnedAt: null,
          updatedAt: sql`now()`,
        })
        .where(eq(schema.jobs.id, job.id));
      await recordJobEvents(tx, [
        eventFor(job, {
          action: 'resolve',
          actorId: userId,
          operatorId: job.operatorId,
          fromStatus: 'pending',
          toStatus: 'unclaimed',
        }),
      ]);
      done += 1;
    }
    return { done, skipped: ids.length - done };
  });
}

const ASSIGNABLE = new Set(['unclaimed', 'expired', 'pending', 'in_progress']);

/**
 * `/work/set-operator`: gives jobs nobody has submitted to one person with a fresh lease of the task's length.
 * The person must be an active member (`not_found`) and one of the people of every job's task
 * (`not_task_member`). Submitted, passed and rejected jobs, and reviews of the person's own work, are skipped.
 */
export async function setOperator(ctx: TenantContext, jobIds: number[], operatorId: number) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const ids = await lockSelection(tx, siteId, { job_ids: jobIds });
    await requireActiveMembers(tx, siteId, [operatorId]);
    const jobs = [];
    for (const id of ids) jobs.push(await lockJob(tx, siteId, id));
    const leases = new Map<number, number>();
    for (const taskId of new Set(jobs.map((j) => j.taskId))) {
      if (!(await isAssigned(tx, taskId, operatorId))) throw new AppError('not_task_member');
      leases.set(taskId, (await loadTask(tx, siteId, taskId)).leaseSeconds);
    }
    let done = 0;
    for (const job of jobs) {
      if (!ASSIGNABLE.has(job.status) || job.subjectOperatorId === operatorId) continue;
      const sameHolder = job.operatorId === operatorId;
      await tx
        .update(schema.jobs)
        .set({
          status: 'in_progress',
          operatorId,
          claimedAt: sql`now()`,
          leaseEndsAt: sql`now() + make_interval(secs => ${leases.get(job.taskId)!})`,
          warnedAt: null,
          statusBeforePend: null,
          expireReason: null,
          ...(sameHolder ? {} : { draft: null, draftSavedAt: null }),
          updatedAt: sql`now()`,
        })
        .where(eq(schema.jobs.id, job.id));
      await recordJobEvents(tx, [
        eventFor(job, {
          action: 'assign',
          actorId: userId,
          operatorId,
          fromStatus: job.status,
          toStatus: 'in_progress',
        }),
      ]);
      done += 1;
    }
    return { done, skipped: ids.length - done };
  });
}
