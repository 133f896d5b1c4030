import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { checkGrantableRoles } from './member-roles.ts';

const { users, siteUsers, siteUserRoles } = schema;

export interface CreateMemberInput {
  username: string;
  nickname: string;
  email?: string;
  mobile?: string;
  password: string;
  roles: string[];
}

/** A unique violation of the username or email (a concurrent creation) answers the matching `*_taken`. */
export function rethrowTaken(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('email')) throw new AppError('email_taken');
  if (constraint !== null) throw new AppError('username_taken');
  throw error;
}

/** `/user/create`: a new account that is an active member of the caller's organisation with the given roles. */
export async function createMember(ctx: TenantContext, input: CreateMemberInput) {
  const { siteId, userId } = ctx.session;
  const roles = await checkGrantableRoles(ctx.db, input.roles);
  const email = input.email || null;
  const mobile = input.mobile || null;
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, input.username));
  if (taken) throw new AppError('username_taken');
  if (email) {
    const [used] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (used) throw new AppError('email_taken');
  }
  const passwordHash = await hashPassword(input.password);
  const created = await ctx.db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          nickname: input.nickname,
          email,
          mobile,
          passwordHash,
          currentSiteId: siteId,
        })
        .returning({ id: users.id });
      const [membership] = await tx
        .insert(siteUsers)
        .values({ siteId, userId: user!.id, currentRole: roles[0]!, status: 'active' })
        .returning({ id: siteUsers.id });
      await tx.insert(siteUserRoles).values(roles.map((roleKey) => ({ siteUserId: membership!.id, siteId, roleKey })));
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'member_create',
        targetType: 'user',
        targetId: user!.id,
        details: {
          before: null,
          after: { username: input.username, nickname: input.nickname, email, mobile, roles },
        },
        ip: ctx.ip,
      });
      return user!.id;
    })
    .catch(rethrowTaken);
  await notifyUserChanged(ctx.deps, created);
  return { user_id: created };
}
