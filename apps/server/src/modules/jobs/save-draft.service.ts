import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { assertHeld, lockJob } from './held-job.ts';

/** `/task/save`: keeps the draft of a job in the caller's hands (lease running); the same draft again is harmless. */
export async function saveDraft(ctx: TenantContext, jobId: number, draft: unknown) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const job = await lockJob(tx, siteId, jobId);
    assertHeld(job, userId);
    const [saved] = await tx
      .update(schema.jobs)
      .set({ draft: draft ?? null, draftSavedAt: sql`now()` })
      .where(eq(schema.jobs.id, job.id))
      .returning({ at: schema.jobs.draftSavedAt });
    return { saved_at: saved!.at!.toISOString() };
  });
}
