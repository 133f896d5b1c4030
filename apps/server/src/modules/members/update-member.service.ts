import { schema } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { requireSoleOrganisation } from './account-rule.ts';
import { rethrowTaken } from './create-member.service.ts';
import { checkGrantableRoles, platformRolesOf } from './member-roles.ts';
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
 * current role moves to the first given one when it is taken away; platform roles held stay). Changed account
 * fields need an account that is the organisation's alone (`requireSoleOrganisation`); unchanged ones are
 * fine, so the roles of a shared account can still be edited.
 */
export async function updateMember(ctx: TenantContext, input: UpdateMemberInput) {
  const { siteId, userId } = ctx.session;
  const membership = await findMembership(ctx.db, siteId, input.user_id);
  if (!membership) throw new AppError('not_found');
  const after = { nickname: input.nickname, email: input.email || null, mobile: input.mobile || null };
  await ctx.db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ nickname: users.nickname, email: users.email, mobile: users.mobile })
        .from(users)
        .where(eq(users.id, input.user_id))
        .for('update');
      if (!before) throw new AppError('not_found');
      const roles = await checkGrantableRoles(tx, input.roles, await platformRolesOf(tx, membership.id));
      const accountChanged = (Object.keys(after) as (keyof typeof after)[]).some((key) => after[key] !== before[key]);
      if (accountChanged) {
        await requireSoleOrganisation(tx, siteId, input.user_id);
        if (after.email && after.email !== before.email) {
          const [used] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.email, after.email), ne(users.id, input.user_id)));
          if (used) throw new AppError('email_taken');
        }
        await tx
          .update(users)
          .set({ ...after, updatedAt: new Date() })
          .where(eq(users.id, input.user_id));
      }
      const beforeRoles = await rolesOfMembership(tx, membership.id);
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
        details: { before: { ...before, roles: beforeRoles }, after: { ...after, roles: [...roles].sort() } },
        ip: ctx.ip,
      });
    })
    .catch(rethrowTaken);
  await notifyUserChanged(ctx.deps, input.user_id);
  return { ok: true as const };
}
