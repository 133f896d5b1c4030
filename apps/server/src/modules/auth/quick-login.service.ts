import type { TSessionUser } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuthedContext, RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { findUserById } from '../iam/index.ts';
import { openSession } from './login.service.ts';

export const QUICK_LOGIN_TTL_SECONDS = 120;
const { quickLoginTokens } = schema;

/** A one-time token that opens a session for the caller elsewhere (a new tab, the labelling tool). */
export async function createQuickLoginToken(ctx: AuthedContext) {
  const token = newToken();
  await ctx.db.insert(quickLoginTokens).values({
    tokenHash: hashToken(token),
    userId: ctx.session.userId,
    expiresAt: new Date(Date.now() + QUICK_LOGIN_TTL_SECONDS * 1000),
  });
  return { access_token: token, expires_in: QUICK_LOGIN_TTL_SECONDS };
}

/** Spends a quick-login token (once, before it expires) for a new session. */
export async function loginWithQuickToken(ctx: RequestContext, token: string): Promise<TSessionUser> {
  const [spent] = await ctx.db
    .update(quickLoginTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(quickLoginTokens.tokenHash, hashToken(token)),
        isNull(quickLoginTokens.usedAt),
        gt(quickLoginTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: quickLoginTokens.userId });
  const user = spent && (await findUserById(ctx.db, spent.userId));
  if (!user) throw new AppError('quick_login_invalid');
  return openSession(ctx, user, 'login_quick');
}
