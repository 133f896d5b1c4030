import { schema } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { rethrowTaken } from './create-member.service.ts';
import { checkGrantableRoles } from './member-roles.ts';
import { findMembership, rolesOfMembership } from './members.queries.ts';

const { users, siteUsers, siteUserRoles } = schema;

export interface UpdateMemberInput {
  user_id: number;
  nickname: string;
  email?: string;
  mobile?: string;
  roles: string[];
}

/**
 * `/user/update`: a member's nickname, email and mobile, and their roles in this organisation (replaced; the
 * current role moves to the first given one when it is taken away).
 */
export async function updateMember(ctx: TenantContext, input: UpdateMemberInput) {
  const { siteId, userId } = ctx.session;
  const membership = await findMembership(ctx.db, siteId, input.user_id);
  if (!membership) throw new AppError('not_found');
  const roles = await checkGrantableRoles(ctx.db, input.roles);
  const email = input.email || null;
  const mobile = input.mobile || null;
  if (email) {
    const [used] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, input.user_id)));
    if (used) throw new AppError('email_taken');
  }
  await ctx.db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ nickname: users.nickname, email: users.email, mobile: users.mobile })
        .from(users)
        .where(eq(users.id, input.user_id))
        .for('update');
      const beforeRoles = await rolesOfMembership(tx, membership.id);
      await tx
        .update(users)
        .set({ nickname: input.nickname, email, mobile, updatedAt: new Date() })
        .where(eq(users.id, input.user_id));
      await tx.delete(siteUserRoles).where(eq(siteUserRoles.siteUserId, membership.id));
      await tx.insert(siteUserRoles).values(roles.map((roleKey) => ({ siteUserId: membership.id, siteId, roleKey })));
      if (!roles.includes(membership.currentRole)) {
        await tx.update(siteUsers).set({ currentRole: roles[0]! }).where(eq(siteUsers.id, membership.id));
      }
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'member_update',
        targetType: 'user',
        targetId: input.user_id,
        details: {
          before: { ...before, roles: beforeRoles },
          after: { nickname: input.nickname, email, mobile, roles: [...roles].sort() },
        },
        ip: ctx.ip,
      });
    })
    .catch(rethrowTaken);
  await notifyUserChanged(ctx.deps, input.user_id);
  return { ok: true as const };
}
