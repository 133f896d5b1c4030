import type { TenantContext } from '../../platform/context.ts';
import { writeNotices } from '../../platform/notices.ts';
import { type Decision, decideReview } from './decide-review.ts';
import { assertHeld, lockJob, nextInHand } from './held-job.ts';

/** `/task/review`: the holder of a review job decides it (reject and reset need a reason). */
export async function reviewJob(ctx: TenantContext, jobId: number, decision: Decision) {
  const { siteId, userId } = ctx.session;
  const { status, push, taskId } = await ctx.db.transaction(async (tx) => {
    const review = await lockJob(tx, siteId, jobId);
    assertHeld(review, userId);
    const outcome = await decideReview(tx, review, userId, decision, ctx.lang);
    const push = await writeNotices(tx, siteId, outcome.notice ? [outcome.notice] : []);
    return { status: outcome.status, push, taskId: review.taskId };
  });
  await push(ctx.deps.hub);
  return { status, next_job_id: await nextInHand(ctx.db, taskId, userId) };
}
