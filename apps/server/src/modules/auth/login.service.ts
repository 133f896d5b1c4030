import type { TAuditAction, TSessionUser } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { limit } from '../../platform/rate-limiter.ts';
import { createSession, notifyUserChanged } from '../../platform/session.ts';
import { chooseWorkingPlace, findUserByLogin, presentSessionUser, type UserRow } from '../iam/index.ts';
import { checkCaptcha } from './captcha.service.ts';

/**
 * Failed logins per address in a fixed window; a growing delay per account and address (the strong one: 1 s, 2 s …
 * 15 min after 3 failures); a mild one per account (at most 1 min, after 10 failures from anywhere) that does not
 * hold back addresses the account has signed in from before. docs/ARCHITECTURE.md, "Rate limits".
 */
export const LOGIN_LIMITS = {
  perIp: 30,
  ipWindow: 300,
  accountAtAddress: { free: 3, capSeconds: 900, forgetSeconds: 86_400 },
  account: { free: 10, capSeconds: 60, forgetSeconds: 3_600 },
} as const;

/** The delay keys of a login: an unknown name has its own, so its answers go exactly like an account's. */
function accountKeys(ip: string, userId: number | undefined, username: string) {
  const account = userId === undefined ? `login:name:${username.toLowerCase()}` : `login:user:${userId}`;
  return { account, accountAtAddress: `${account}:at:${ip}` };
}

/**
 * Logs in by username or email. An unknown account and a wrong password answer the same `login_failed` after the
 * same work (a password check against a dummy hash); a disabled account says so only after the right password.
 */
export async function loginWithPassword(
  ctx: RequestContext,
  input: { username: string; password: string; captcha_id?: string; captcha?: string },
): Promise<TSessionUser> {
  const { limiter } = ctx.deps;
  // Every limit counts the attempt before the check, so a burst of parallel attempts cannot slip through; a success
  // takes it back: only failures stay counted.
  const ipKey = `login:ip:${ctx.ip}`;
  await limit(ctx, ipKey, LOGIN_LIMITS.perIp, LOGIN_LIMITS.ipWindow);
  await checkCaptcha(ctx, input.captcha_id, input.captcha);
  const user = await findUserByLogin(ctx.db, input.username);
  const keys = accountKeys(ctx.ip, user?.id, input.username);
  const here = await limiter.backoff(keys.accountAtAddress, LOGIN_LIMITS.accountAtAddress);
  if (!here.allowed) throw new AppError('too_many_requests', { seconds: here.retryAfter });
  const anywhere = await limiter.backoff(keys.account, LOGIN_LIMITS.account);
  if (!anywhere.allowed && !(await signedInFrom(ctx, user?.id))) {
    throw new AppError('too_many_requests', { seconds: anywhere.retryAfter });
  }
  if (!(await verifyPassword(user?.passwordHash, input.password))) {
    await recordAudit(ctx.db, { userId: user?.id, action: 'login_failed', ip: ctx.ip });
    throw new AppError('login_failed');
  }
  await Promise.all([
    limiter.forgive(ipKey),
    limiter.reset(keys.accountAtAddress),
    anywhere.allowed ? limiter.forgive(keys.account) : undefined,
  ]);
  return openSession(ctx, user!, 'login');
}

/**
 * Whether the account has signed in from the caller's address before (sessions keep their address). Without an
 * account the same look-up runs for id 0, which nobody has, so the answer takes as long.
 */
async function signedInFrom(ctx: RequestContext, userId: number | undefined): Promise<boolean> {
  const { sessions } = schema;
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId ?? 0), eq(sessions.ip, ctx.ip.slice(0, 64))))
    .limit(1);
  return row !== undefined;
}

/** After a password reset (the owner proved their mailbox): the account's delays start over. */
export async function forgetLoginFailures(ctx: RequestContext, userId: number): Promise<void> {
  const keys = accountKeys(ctx.ip, userId, '');
  await Promise.all([ctx.deps.limiter.reset(keys.account), ctx.deps.limiter.reset(keys.accountAtAddress)]);
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
