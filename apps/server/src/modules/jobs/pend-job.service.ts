import type { TenantContext } from '../../platform/context.ts';
import { assertHeld, lockJob } from './held-job.ts';
import { suspendJob } from './suspend-job.ts';

/** `/task/pend`: the holder suspends a difficult job in hand. */
export async function pendJob(ctx: TenantContext, jobId: number, reason: string) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const job = await lockJob(tx, siteId, jobId);
    assertHeld(job, userId);
    await suspendJob(tx, job, userId, reason);
  });
  return { ok: true as const };
}
