import { type Executor, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type JobNotice, writeNotices } from '../../platform/notices.ts';
import { decideReview, eventFor, type JobRecord, lockJob, recordJobEvents, suspendJob } from '../jobs/index.ts';
import { type JobSelection, lockSelection } from './job-selection.ts';

type BatchAction = 'pass' | 'reject' | 'reset' | 'pend';

/**
 * `/work/batch-review`: pass, reject, reset or pend the selected jobs in one transaction (docs/jobs.md). A review
 * decision applies to an open review job that is unclaimed or held by the caller, or to submitted work through its
 * open review job; reject and reset also apply to passed work (administrator's decision). Pend suspends unclaimed
 * or in-progress jobs. Everything else is skipped. Reject, reset and pend need a reason (`reason_required`).
 */
export async function batchReview(
  ctx: TenantContext,
  input: { action: BatchAction; reason?: string | undefined } & JobSelection,
) {
  const { siteId, userId } = ctx.session;
  const reason = input.reason?.trim() || undefined;
  if (input.action !== 'pass' && !reason) throw new AppError('reason_required');
  const { done, skipped, push } = await ctx.db.transaction(async (tx) => {
    const ids = await lockSelection(tx, siteId, input);
    const notices: JobNotice[] = [];
    let done = 0;
    for (const id of ids) {
      const job = await lockJob(tx, siteId, id);
      const acted =
        input.action === 'pend'
          ? await pend(tx, job, userId, reason!)
          : await decide(tx, job, userId, input.action, reason, ctx.lang, notices);
      if (acted) done += 1;
    }
    const push = await writeNotices(tx, siteId, notices);
    return { done, skipped: ids.length - done, push };
  });
  await push(ctx.deps.hub);
  return { done, skipped };
}

async function decide(
  tx: Executor,
  job: JobRecord,
  userId: number,
  decision: 'pass' | 'reject' | 'reset',
  reason: string | undefined,
  lang: Lang,
  notices: JobNotice[],
): Promise<boolean> {
  let review: JobRecord | undefined;
  if (job.subjectJobId !== null) {
    review = job.decision === null ? job : undefined;
  } else if (job.status === 'submitted') {
    [review] = await tx
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.subjectJobId, job.id), isNull(schema.jobs.decision)))
      .for('update');
  } else if (job.status === 'passed' && decision !== 'pass') {
    await overrule(tx, job, userId, decision, reason!, notices);
    return true;
  }
  if (!review || !decidable(review, userId)) return false;
  const [subject] = await tx
    .select({ status: schema.jobs.status })
    .from(schema.jobs)
    .where(eq(schema.jobs.id, review.subjectJobId!));
  if (subject?.status !== 'submitted') return false;
  const outcome = await decideReview(tx, review, userId, { decision, reason }, lang);
  if (outcome.notice) notices.push(outcome.notice);
  return true;
}

/** An open review job the caller may decide: unclaimed, or in progress in their hands; never of their own work. */
function decidable(review: JobRecord, userId: number): boolean {
  if (review.subjectOperatorId === userId) return false;
  return review.status === 'unclaimed' || (review.status === 'in_progress' && review.operatorId === userId);
}

/** An administrator rejects or resets work that already passed; its operator is told. */
async function overrule(
  tx: Executor,
  job: JobRecord,
  userId: number,
  decision: 'reject' | 'reset',
  reason: string,
  notices: JobNotice[],
): Promise<void> {
  const judged = { reviewerId: userId, reviewedAt: sql`now()`, updatedAt: sql`now()`, reason };
  const to = decision === 'reject' ? 'rejected' : 'unclaimed';
  await tx
    .update(schema.jobs)
    .set(
      decision === 'reject'
        ? { ...judged, status: 'rejected' }
        : {
            ...judged,
            status: 'unclaimed',
            result: null,
            draft: null,
            draftSavedAt: null,
            operatorId: null,
            submittedAt: null,
            claimedAt: null,
            leaseEndsAt: null,
          },
    )
    .where(eq(schema.jobs.id, job.id));
  await recordJobEvents(tx, [
    eventFor(job, {
      action: decision,
      actorId: userId,
      operatorId: job.operatorId,
      fromStatus: 'passed',
      toStatus: to,
      reason,
    }),
  ]);
  if (job.operatorId !== null) {
    notices.push({
      userId: job.operatorId,
      kind: decision === 'reject' ? 'job_rejected' : 'job_reset',
      params: { job_id: job.id, task_id: job.taskId, item_id: job.dataItemId, reason },
    });
  }
}

/** Suspends an unclaimed or in-progress job; other jobs are skipped. */
async function pend(tx: Executor, job: JobRecord, userId: number, reason: string): Promise<boolean> {
  if (job.status !== 'unclaimed' && job.status !== 'in_progress') return false;
  await suspendJob(tx, job, userId, reason);
  return true;
}
