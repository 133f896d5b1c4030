import type { TSessionUser } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { siteDisplayName } from '../../platform/site-name.ts';
import { listMembershipRoles, listMemberships, type SiteRow, type UserRow } from './iam.queries.ts';
import { buildAuthMenus, permittedModules } from './menus.ts';

export interface WorkingPlace {
  site: SiteRow;
  role: string | null;
}

/**
 * The organisation and role a user works in after logging in: the current organisation when it is
 * still open and active, else the first open one. Makes that choice the current one.
 */
export async function chooseWorkingPlace(db: Executor, user: UserRow): Promise<WorkingPlace> {
  const memberships = await listMemberships(db, user.id);
  const usable = memberships.filter((m) => m.status === 'active' && m.site.status === 'open');
  const chosen = usable.find((m) => m.siteId === user.currentSiteId) ?? usable[0];
  if (!chosen)
    throw new AppError(memberships.some((m) => m.site.status === 'closed') ? 'site_closed' : 'no_membership');
  if (chosen.siteId !== user.currentSiteId) {
    await db.update(schema.users).set({ currentSiteId: chosen.siteId }).where(eq(schema.users.id, user.id));
  }
  const held = await listMembershipRoles(db, chosen.siteId, chosen.id);
  let role = held.find((r) => r.key === chosen.currentRole)?.key ?? held[0]?.key ?? null;
  if (role && role !== chosen.currentRole) {
    await db.update(schema.siteUsers).set({ currentRole: role }).where(eq(schema.siteUsers.id, chosen.id));
  }
  if (!held.length) role = null;
  return { site: chosen.site, role };
}

/**
 * Session user info (id, token, user name, site, menus, default module), answered by login, sign-up and quick
 * login.
 */
export async function presentSessionUser(
  ctx: RequestContext,
  user: UserRow,
  place: WorkingPlace,
  accessToken: string,
): Promise<TSessionUser> {
  const routes = place.role ? await ctx.deps.access.menusOf(place.role) : [];
  const entries = await ctx.deps.access.menuEntries();
  return {
    id: user.id,
    accessToken,
    userName: user.username,
    site: {
      id: place.site.id,
      name: siteDisplayName(place.site, ctx.lang),
      service_type: place.site.serviceType,
      icon_logo: place.site.iconLogo,
    },
    auth_menus: buildAuthMenus(routes, ctx.lang, entries),
    module_default: permittedModules(routes, ctx.lang, entries)[0] ?? null,
  };
}
