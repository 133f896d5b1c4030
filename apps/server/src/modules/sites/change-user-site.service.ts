import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { lockSite } from './sites.queries.ts';

const { siteUsers, siteUserRoles, users } = schema;

/**
 * `/site/change-user-site`: moves the user's membership (its status, current role and roles) from one
 * organisation to another in one transaction. A user working in the source organisation works in the target
 * afterwards. not_found: an unknown organisation or no membership in the source; conflict: already a member of
 * the target.
 */
export async function changeUserSite(
  ctx: TenantContext,
  input: { user_id: number; from_site_id: number; to_site_id: number },
) {
  const membershipId = await ctx.db.transaction(async (tx) => {
    if (!(await lockSite(tx, input.to_site_id)) || !(await lockSite(tx, input.from_site_id))) {
      throw new AppError('not_found');
    }
    const [membership] = await tx
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.siteId, input.from_site_id), eq(siteUsers.userId, input.user_id)))
      .limit(1)
      .for('update');
    if (!membership) throw new AppError('not_found');
    const [taken] = await tx
      .select({ id: siteUsers.id })
      .from(siteUsers)
      .where(and(eq(siteUsers.siteId, input.to_site_id), eq(siteUsers.userId, input.user_id)))
      .limit(1);
    if (taken) throw new AppError('conflict');
    await tx.update(siteUsers).set({ siteId: input.to_site_id }).where(eq(siteUsers.id, membership.id));
    await tx.update(siteUserRoles).set({ siteId: input.to_site_id }).where(eq(siteUserRoles.siteUserId, membership.id));
    await tx
      .update(users)
      .set({ currentSiteId: input.to_site_id })
      .where(and(eq(users.id, input.user_id), eq(users.currentSiteId, input.from_site_id)));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: 'site_change_user_site',
      targetType: 'user',
      targetId: input.user_id,
      details: {
        before: { site_id: input.from_site_id, membership_id: membership.id },
        after: { site_id: input.to_site_id, membership_id: membership.id },
      },
      ip: ctx.ip,
    });
    return membership.id;
  });
  await notifyUserChanged(ctx.deps, input.user_id);
  return { user_id: input.user_id, site_id: input.to_site_id, membership_id: membershipId };
}
