import { schema } from '@app/db';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';

const { users, sessions } = schema;

/** `/user/set-status`: enables or disables an account; disabling ends every session of it. */
export async function setAccountStatus(ctx: AuthedContext, input: { user_id: number; status: 'active' | 'disabled' }) {
  if (input.user_id === ctx.session.userId) throw new AppError('cannot_remove_self');
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ status: users.status }).from(users).where(eq(users.id, input.user_id));
    if (!before) throw new AppError('not_found');
    if (before.status === input.status) return;
    const now = new Date();
    await tx.update(users).set({ status: input.status, updatedAt: now }).where(eq(users.id, input.user_id));
    const revoked =
      input.status === 'disabled'
        ? await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.userId, input.user_id), isNull(sessions.revokedAt)))
            .returning({ id: sessions.id })
        : [];
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: 'user_set_status',
      targetType: 'user',
      targetId: input.user_id,
      details: {
        before: { status: before.status },
        after: { status: input.status, sessions_revoked: revoked.length },
      },
      ip: ctx.ip,
    });
  });
  await notifyUserChanged(ctx.deps, input.user_id);
  return { ok: true as const };
}
