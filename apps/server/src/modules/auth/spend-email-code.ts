import { type Executor, schema } from '@app/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken } from '../../platform/tokens.ts';
import { EMAIL_CODE, type EmailCodePurpose } from './email-codes.service.ts';

const { emailCodes } = schema;

/**
 * Spends the newest live code for `purpose` mailed to `email`, in the caller's transaction: true when `code` is it
 * (marked used); false otherwise, counting a wrong try. Callers commit a false answer (the count must stay) and
 * roll back when a later check fails, which leaves a right code usable again.
 */
export async function spendEmailCode(
  tx: Executor,
  email: string,
  purpose: EmailCodePurpose,
  code: string,
): Promise<boolean> {
  const [pending] = await tx
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
    .for('update');
  if (!pending || pending.attempts >= EMAIL_CODE.maxAttempts) return false;
  if (pending.codeHash !== hashToken(code)) {
    await tx
      .update(emailCodes)
      .set({ attempts: pending.attempts + 1 })
      .where(eq(emailCodes.id, pending.id));
    return false;
  }
  await tx.update(emailCodes).set({ usedAt: new Date() }).where(eq(emailCodes.id, pending.id));
  return true;
}
