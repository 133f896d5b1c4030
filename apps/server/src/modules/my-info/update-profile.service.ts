import type { TProfile } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { findUserById, type UserRow } from '../iam/index.ts';

const { users } = schema;

export function presentProfile(user: UserRow): TProfile {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    real_name: user.realName,
    mobile: user.mobile,
    email: user.email,
    avatar: user.avatar,
  };
}

/** The caller's own information. */
export async function getProfile(ctx: AuthedContext): Promise<TProfile> {
  const user = await findUserById(ctx.db, ctx.session.userId);
  if (!user) throw new AppError('auth_fail');
  return presentProfile(user);
}

/**
 * Changes nickname, name, mobile and email. The email is kept in lower case and must not name another
 * account, as its email or as its login name (case-insensitive); a concurrent taker loses on the unique index.
 */
export async function updateProfile(
  ctx: AuthedContext,
  input: { nickname: string; real_name?: string | null; mobile?: string | null; email: string },
): Promise<TProfile> {
  const { userId } = ctx.session;
  const email = input.email.toLowerCase();
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            ne(users.id, userId),
            or(eq(sql`lower(${users.email})`, email), eq(sql`lower(${users.username})`, email)),
          ),
        )
        .limit(1);
      if (taken) throw new AppError('email_taken');
      const [row] = await tx
        .update(users)
        .set({
          nickname: input.nickname,
          realName: input.real_name,
          mobile: input.mobile,
          email,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new AppError('auth_fail');
      await recordAudit(tx, {
        siteId: ctx.session.siteId,
        userId,
        action: 'update_profile',
        targetType: 'user',
        targetId: userId,
        ip: ctx.ip,
      });
      return row;
    });
    await notifyUserChanged(ctx.deps, userId);
    return presentProfile(updated);
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError('email_taken');
    throw error;
  }
}
