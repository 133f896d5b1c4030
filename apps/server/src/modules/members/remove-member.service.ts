import { schema } from '@app/db';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { requireSoleOrganisation } from './account-rule.ts';
import { platformRolesOf } from './member-roles.ts';
import { findMembership, rolesOfMembership } from './members.queries.ts';

const { users, siteUsers, sessions } = schema;

/**
 * `/user/delete`: removes the membership (and its roles) from this organisation; the account stays. A membership
 * holding a platform role is refused (`role_not_held`): the role is the platform's, not the organisation's.
 */
export async function removeMember(ctx: TenantContext, input: { user_id: number }) {
  const { siteId, userId } = ctx.session;
  const membership = await findMembership(ctx.db, siteId, input.user_id);
  if (!membership) throw new AppError('not_found');
  if (input.user_id === userId) throw new AppError('cannot_remove_self');
  await ctx.db.transaction(async (tx) => {
    if ((await platformRolesOf(tx, membership.id)).length) throw new AppError('role_not_held');
    const roles = await rolesOfMembership(tx, membership.id);
    await tx.delete(siteUsers).where(eq(siteUsers.id, membership.id));
    await tx
      .update(users)
      .set({ currentSiteId: null })
      .where(and(eq(users.id, input.user_id), eq(users.currentSiteId, siteId)));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'member_remove',
      targetType: 'user',
      targetId: input.user_id,
      details: {
        before: { membership_id: membership.id, status: membership.status, roles },
        after: null,
      },
      ip: ctx.ip,
    });
  });
  await notifyUserChanged(ctx.deps, input.user_id);
  return { ok: true as const };
}

/**
 * `/user/reset-password`: a member's new password; every session of the account ends. Only for an account that
 * is the organisation's alone (`requireSoleOrganisation`), else `account_shared`.
 */
export async function resetMemberPassword(ctx: TenantContext, input: { user_id: number; password: string }) {
  const { siteId, userId } = ctx.session;
  const membership = await findMembership(ctx.db, siteId, input.user_id);
  if (!membership) throw new AppError('not_found');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await requireSoleOrganisation(tx, siteId, input.user_id);
    const now = new Date();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, input.user_id));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, input.user_id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'member_reset_password',
      targetType: 'user',
      targetId: input.user_id,
      details: { before: { password: 'set' }, after: { password: 'reset', sessions_revoked: revoked.length } },
      ip: ctx.ip,
    });
  });
  await notifyUserChanged(ctx.deps, input.user_id);
  return { ok: true as const };
}
