import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { listMembershipRoles, listMemberships } from './iam.queries.ts';

/** Makes one of the user's open, active organisations the current one; any other id is not found. */
export async function changeSite(ctx: AuthedContext, siteId: number) {
  const memberships = await listMemberships(ctx.db, ctx.session.userId);
  const target = memberships.find((m) => m.siteId === siteId);
  if (target?.status !== 'active') throw new AppError('not_found');
  if (target.site.status !== 'open') throw new AppError('site_closed');
  await ctx.db.update(schema.users).set({ currentSiteId: siteId }).where(eq(schema.users.id, ctx.session.userId));
  await recordAudit(ctx.db, { siteId, userId: ctx.session.userId, action: 'change_site', ip: ctx.ip });
  await notifyUserChanged(ctx.deps, ctx.session.userId);
  return { ok: true as const };
}

/** Makes one of the roles the user holds in the current organisation the current one. */
export async function changeRole(ctx: AuthedContext, roleKey: string) {
  const { siteId, userId } = ctx.session;
  if (siteId === null) throw new AppError('no_membership');
  const [membership] = await ctx.db
    .select({ id: schema.siteUsers.id })
    .from(schema.siteUsers)
    .where(and(eq(schema.siteUsers.siteId, siteId), eq(schema.siteUsers.userId, userId)));
  const held = membership ? await listMembershipRoles(ctx.db, siteId, membership.id) : [];
  if (!membership || !held.some((r) => r.key === roleKey)) throw new AppError('role_not_held');
  await ctx.db.update(schema.siteUsers).set({ currentRole: roleKey }).where(eq(schema.siteUsers.id, membership.id));
  await recordAudit(ctx.db, { siteId, userId, action: 'change_role', details: { role: roleKey }, ip: ctx.ip });
  await notifyUserChanged(ctx.deps, userId);
  return { ok: true as const };
}
