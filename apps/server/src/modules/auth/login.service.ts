import type { TAuditAction, TSessionUser } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { createSession, notifyUserChanged } from '../../platform/session.ts';
import { findUserByLogin, type UserRow } from '../iam/iam.queries.ts';
import { chooseWorkingPlace, presentSessionUser } from '../iam/session-user.ts';
import { checkCaptcha } from './captcha.service.ts';

/** Attempts per IP in 5 minutes, and failed attempts per account in 15 minutes. */
export const LOGIN_LIMITS = { perIp: 30, ipWindow: 300, perAccount: 10, accountWindow: 900 } as const;

export async function limit(ctx: RequestContext, key: string, max: number, windowSeconds: number): Promise<void> {
  const verdict = await ctx.deps.limiter.hit(key, max, windowSeconds);
  if (!verdict.allowed) throw new AppError('too_many_requests', { seconds: verdict.retryAfter });
}

export async function loginWithPassword(
  ctx: RequestContext,
  input: { username: string; password: string; captcha_id?: string; captcha?: string },
): Promise<TSessionUser> {
  await limit(ctx, `login:ip:${ctx.ip}`, LOGIN_LIMITS.perIp, LOGIN_LIMITS.ipWindow);
  await checkCaptcha(ctx.deps, input.captcha_id, input.captcha);
  const user = await findUserByLogin(ctx.db, input.username);
  if (!user) throw new AppError('user_not_found');
  const accountKey = `login:account:${user.id}`;
  const failures = await ctx.deps.limiter.hit(accountKey, LOGIN_LIMITS.perAccount, LOGIN_LIMITS.accountWindow);
  if (!failures.allowed) throw new AppError('too_many_requests', { seconds: failures.retryAfter });
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordAudit(ctx.db, { userId: user.id, action: 'login_failed', ip: ctx.ip });
    throw new AppError('password_wrong');
  }
  await ctx.deps.limiter.reset(accountKey);
  return openSession(ctx, user, 'login');
}

/** Starts a session for a user whose identity is proven, and answers the session user info. */
export async function openSession(ctx: RequestContext, user: UserRow, how: TAuditAction): Promise<TSessionUser> {
  if (user.status !== 'active') throw new AppError('account_disabled');
  const { place, token } = await ctx.db.transaction(async (tx) => {
    const place = await chooseWorkingPlace(tx, user);
    const token = await createSession(tx, user.id, ctx);
    await tx.update(schema.users).set({ lastLoginAt: new Date() }).where(eq(schema.users.id, user.id));
    await recordAudit(tx, { siteId: place.site.id, userId: user.id, action: how, ip: ctx.ip });
    return { place, token };
  });
  await notifyUserChanged(ctx.deps, user.id);
  return presentSessionUser(ctx, user, place, token);
}
