import { schema } from '@app/db';
import { translate } from '@app/i18n';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { hashToken, newNumericCode } from '../../platform/tokens.ts';
import { findUserByLogin } from '../iam/iam.queries.ts';
import { checkCaptcha } from './captcha.service.ts';
import { limit } from './login.service.ts';

export const RESET_CODE = { retrySeconds: 60, validMinutes: 10, maxAttempts: 5, purpose: 'reset_password' } as const;
const { emailCodes, users, sessions } = schema;

/** Mails a 6-digit code to the account's email; another may be asked for after 60 seconds. */
export async function sendResetCode(
  ctx: RequestContext,
  input: { email: string; captcha_id?: string; captcha?: string },
) {
  await limit(ctx, `reset:ip:${ctx.ip}`, 20, 3600);
  await checkCaptcha(ctx.deps, input.captcha_id, input.captcha);
  const email = input.email.toLowerCase();
  const user = await findUserByLogin(ctx.db, email);
  if (!user || user.email?.toLowerCase() !== email) throw new AppError('user_not_found');
  const code = newNumericCode(6);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reset:${email}`}))`);
    const [recent] = await tx
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, RESET_CODE.purpose)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    const waited = recent ? (Date.now() - recent.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (waited < RESET_CODE.retrySeconds) {
      throw new AppError('email_code_retry_later', { seconds: Math.ceil(RESET_CODE.retrySeconds - waited) });
    }
    await tx.delete(emailCodes).where(lt(emailCodes.expiresAt, sql`now()`));
    await tx.insert(emailCodes).values({
      email,
      purpose: RESET_CODE.purpose,
      codeHash: hashToken(code),
      expiresAt: new Date(Date.now() + RESET_CODE.validMinutes * 60_000),
    });
    await ctx.deps.mailer.queue(tx, {
      to: email,
      subject: translate(ctx.lang, 'mail.reset_code_subject'),
      body: translate(ctx.lang, 'mail.reset_code_body', { code, minutes: RESET_CODE.validMinutes }),
    });
  });
  void ctx.deps.mailer.flush();
  return { ok: true as const, retry_after: RESET_CODE.retrySeconds };
}

/** Sets a new password with a mailed code; the code is single use and every open session ends. */
export async function resetPassword(ctx: RequestContext, input: { email: string; code: string; password: string }) {
  await limit(ctx, `reset:ip:${ctx.ip}`, 20, 3600);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.email, email),
          eq(emailCodes.purpose, RESET_CODE.purpose),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
      .for('update');
    if (!pending || pending.attempts >= RESET_CODE.maxAttempts) return 'wrong_code';
    if (pending.codeHash !== hashToken(input.code)) {
      await tx
        .update(emailCodes)
        .set({ attempts: pending.attempts + 1 })
        .where(eq(emailCodes.id, pending.id));
      return 'wrong_code';
    }
    await tx.update(emailCodes).set({ usedAt: new Date() }).where(eq(emailCodes.id, pending.id));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email}`)
      .returning({ id: users.id });
    if (!user) throw new AppError('user_not_found');
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await recordAudit(tx, { userId: user.id, action: 'password_reset', ip: ctx.ip });
    return user.id;
  });
  if (outcome === 'wrong_code') throw new AppError('email_code_wrong');
  await notifyUserChanged(ctx.deps, outcome);
  return { ok: true as const };
}
