import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audienceChoice } from '../audiences/index.ts';
import { loadSet, setAuditState, setSessionCount } from './practice-sets.queries.ts';

/**
 * `/dataset-train/delete`: only a set nobody has practised (any status; joins go with it). A set with sessions
 * answers conflict: closing it keeps the learners' results and wrong answers meaningful.
 */
export async function deletePracticeSet(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadSet(tx, siteId, id, true);
    const sessions = await setSessionCount(tx, before.id);
    if (sessions > 0) throw new AppError('conflict', undefined, { sessions });
    const chosen = await audienceChoice(tx, 'practice_set', before.id);
    await tx.delete(schema.practiceSets).where(eq(schema.practiceSets.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'practice_set_delete',
      targetType: 'practice_set',
      targetId: before.id,
      details: { before: setAuditState(before, chosen), after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
