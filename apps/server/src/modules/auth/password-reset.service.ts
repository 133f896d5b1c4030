import { schema } from '@app/db';
import { translate } from '@app/i18n';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { limit } from '../../platform/rate-limiter.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { findUserByLogin } from '../iam/index.ts';
import { checkCaptcha } from './captcha.service.ts';
import { EMAIL_CODE, sendEmailCode } from './email-codes.service.ts';
import { forgetLoginFailures } from './login.service.ts';
import { spendEmailCode } from './spend-email-code.ts';

/** Reset steps (send and reset together) per address and hour. */
export const RESET_LIMIT = { perIp: 20, windowSeconds: 3600 } as const;
const { users, sessions } = schema;

/**
 * Mails a 6-digit code to the account's email. An address no account uses gets the same answer (and the same
 * 60-second wait) and a mail saying so instead of a code, so the form does not tell who has an account.
 */
export async function sendResetCode(
  ctx: RequestContext,
  input: { email: string; captcha_id?: string; captcha?: string },
) {
  await limit(ctx, `reset:ip:${ctx.ip}`, RESET_LIMIT.perIp, RESET_LIMIT.windowSeconds);
  await checkCaptcha(ctx, input.captcha_id, input.captcha);
  const email = input.email.toLowerCase();
  const user = await findUserByLogin(ctx.db, email);
  const known = user !== undefined && user.email?.toLowerCase() === email;
  return sendEmailCode(
    ctx,
    email,
    'reset_password',
    known
      ? (code) => ({
          subject: translate(ctx.lang, 'mail.reset_code_subject'),
          body: translate(ctx.lang, 'mail.reset_code_body', { code, minutes: EMAIL_CODE.validMinutes }),
        })
      : {
          subject: translate(ctx.lang, 'mail.reset_no_account_subject'),
          body: translate(ctx.lang, 'mail.reset_no_account_body', { email }),
        },
  );
}

/** Sets a new password with a mailed code; the code is single use and every open session ends. */
export async function resetPassword(ctx: RequestContext, input: { email: string; code: string; password: string }) {
  await limit(ctx, `reset:ip:${ctx.ip}`, RESET_LIMIT.perIp, RESET_LIMIT.windowSeconds);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    if (!(await spendEmailCode(tx, email, 'reset_password', input.code))) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email}`)
      .returning({ id: users.id });
    // A right code whose account has gone since: rolled back (the code stays), answered like a wrong one.
    if (!user) throw new AppError('email_code_wrong');
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await recordAudit(tx, { userId: user.id, action: 'password_reset', ip: ctx.ip });
    return user.id;
  });
  if (userId === null) throw new AppError('email_code_wrong');
  await forgetLoginFailures(ctx, userId);
  await notifyUserChanged(ctx.deps, userId);
  return { ok: true as const };
}
