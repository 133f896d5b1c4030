import { schema } from '@app/db';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { findUserById } from '../iam/index.ts';

const { users, sessions } = schema;

/** Attempts at the old password per account and window, so a borrowed session cannot guess it. */
export const PASSWORD_CHANGE_LIMITS = { attempts: 10, windowSeconds: 900 } as const;

/**
 * Changes the caller's password after checking the old one. The new one differs from the old; every other
 * session of the account ends, the current one stays.
 */
export async function updatePassword(ctx: AuthedContext, input: { old_password: string; password: string }) {
  const { userId, sessionId } = ctx.session;
  const limitKey = `password-change:${userId}`;
  const verdict = await ctx.deps.limiter.hit(
    limitKey,
    PASSWORD_CHANGE_LIMITS.attempts,
    PASSWORD_CHANGE_LIMITS.windowSeconds,
  );
  if (!verdict.allowed) throw new AppError('too_many_requests', { seconds: verdict.retryAfter });
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('auth_fail');
  if (!(await verifyPassword(user.passwordHash, input.old_password))) throw new AppError('old_password_wrong');
  if (input.password === input.old_password) throw new AppError('password_same_as_old');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await recordAudit(tx, { siteId: ctx.session.siteId, userId, action: 'update_password', ip: ctx.ip });
  });
  await ctx.deps.limiter.reset(limitKey);
  await notifyUserChanged(ctx.deps, userId);
  return { ok: true as const };
}
