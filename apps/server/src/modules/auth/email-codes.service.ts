import { schema } from '@app/db';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mailer.ts';
import { hashToken, newNumericCode, newToken } from '../../platform/tokens.ts';

/** Mailed 6-digit codes: another may be asked for after 60 s; each lasts 10 minutes and takes 5 wrong tries. */
export const EMAIL_CODE = { retrySeconds: 60, validMinutes: 10, maxAttempts: 5 } as const;
export type EmailCodePurpose = 'reset_password' | 'signup';
export type CodeMail = Omit<MailMessage, 'to'>;

const { emailCodes } = schema;

/**
 * Mails a code for `purpose` to `email`: `letter` given the code writes the mail; a fixed letter is mailed instead
 * when there is nothing to prove for this address (no account to reset, an address already taken). Either way a
 * code row is written, so the answer and the 60-second resend rule are the same for every address; the row of a
 * fixed letter holds the hash of a random token, which no 6-digit code matches.
 */
export async function sendEmailCode(
  ctx: RequestContext,
  email: string,
  purpose: EmailCodePurpose,
  letter: CodeMail | ((code: string) => CodeMail),
) {
  const code = newNumericCode(6);
  const mail = typeof letter === 'function' ? letter(code) : letter;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`email-code:${purpose}:${email}`}))`);
    const [recent] = await tx
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    const waited = recent ? (Date.now() - recent.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (waited < EMAIL_CODE.retrySeconds) {
      throw new AppError('email_code_retry_later', { seconds: Math.ceil(EMAIL_CODE.retrySeconds - waited) });
    }
    await tx.delete(emailCodes).where(lt(emailCodes.expiresAt, sql`now()`));
    await tx.insert(emailCodes).values({
      email,
      purpose,
      codeHash: hashToken(typeof letter === 'function' ? code : newToken()),
      expiresAt: new Date(Date.now() + EMAIL_CODE.validMinutes * 60_000),
    });
    await ctx.deps.mailer.queue(tx, { to: email, ...mail });
  });
  void ctx.deps.mailer.flush();
  return { ok: true as const, retry_after: EMAIL_CODE.retrySeconds };
}
