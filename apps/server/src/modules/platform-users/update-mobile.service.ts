import { schema } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { findUserById } from '../iam/index.ts';

const { users } = schema;

/** `/user/update-mobile`: the caller's new mobile number, refused when another account has it. */
export async function updateMobile(ctx: AuthedContext, mobile: string) {
  const { userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, userId), eq(users.mobile, mobile)))
      .limit(1);
    if (taken) throw new AppError('mobile_taken');
    const [before] = await tx.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
    if (!before) throw new AppError('auth_fail');
    await tx.update(users).set({ mobile, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId,
      action: 'update_mobile',
      targetType: 'user',
      targetId: userId,
      details: { before: { mobile: before.mobile }, after: { mobile } },
      ip: ctx.ip,
    });
  });
  await notifyUserChanged(ctx.deps, userId);
  return { ok: true as const };
}

/** A mobile number with its middle digits hidden: 13800000000 -> 138****0000. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length < 8) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 7)}${mobile.slice(-4)}`;
}

/** `/user/get-user-mobile`: the caller's mobile number, masked. */
export async function getMaskedMobile(ctx: AuthedContext) {
  const user = await findUserById(ctx.db, ctx.session.userId);
  if (!user) throw new AppError('auth_fail');
  return { mobile: maskMobile(user.mobile) };
}
