import type { TPracticeSetStatus } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audienceChoice, requireSomebodyChosen } from '../audiences/index.ts';
import { practicePoolSize } from './practice-pool.queries.ts';
import { loadSet, setDetail } from './practice-sets.queries.ts';

/**
 * `/dataset-train/publish` and `/dataset-train/close`. Publishing needs a pool with at least one passed question
 * (practice_no_questions) and, for a chosen audience, somebody chosen (audience_empty); a closed set can be
 * published again. Asking for the status a set has changes nothing.
 */
export async function changePracticeSetStatus(
  ctx: TenantContext,
  id: number,
  status: Exclude<TPracticeSetStatus, 'draft'>,
) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadSet(tx, siteId, id, true);
    if (before.status === status) return;
    if (status === 'published') {
      if ((await practicePoolSize(tx, siteId, before)) === 0) throw new AppError('practice_no_questions');
      requireSomebodyChosen(before.audience, await audienceChoice(tx, 'practice_set', before.id));
    }
    await tx
      .update(schema.practiceSets)
      .set({ status, updatedAt: new Date() })
      .where(eq(schema.practiceSets.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: status === 'published' ? 'practice_set_publish' : 'practice_set_close',
      targetType: 'practice_set',
      targetId: before.id,
      details: { before: { status: before.status }, after: { status } },
      ip: ctx.ip,
    });
  });
  return setDetail(ctx.db, siteId, id);
}
