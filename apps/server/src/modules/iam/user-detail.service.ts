import type { TUserDetail } from '@app/contracts';
import { translate } from '@app/i18n';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { siteDisplayName } from '../../platform/site-name.ts';
import { menuLayoutOf } from './menu-layout.ts';
import { buildAuthMenus, permittedModules } from './menus.ts';
import { mergeShellSettings } from './settings.queries.ts';
import { userDetailQueries } from './user-detail.queries.ts';

/** What the shell needs on entering: the user, current organisation and role, menus, settings, memberships. */
export async function getUserDetail(ctx: AuthedContext): Promise<TUserDetail> {
  const { userId, siteId, role } = ctx.session;
  if (siteId === null) throw new AppError('no_membership');
  const cacheKey = `detail:${siteId}:${role}:${ctx.lang}`;
  const cached = ctx.deps.userState.answer<TUserDetail>(userId, cacheKey);
  if (cached) return cached;
  const mark = ctx.deps.userState.mark();
  const detail = await loadUserDetail(ctx, userId, siteId, role);
  ctx.deps.userState.rememberAnswer(userId, cacheKey, detail, mark);
  return detail;
}

async function loadUserDetail(
  ctx: AuthedContext,
  userId: number,
  siteId: number,
  role: string | null,
): Promise<TUserDetail> {
  const queries = userDetailQueries(ctx.db);
  const [[user], memberships, held, settingRows, routes, entries] = await Promise.all([
    queries.user.execute({ userId }),
    queries.memberships.execute({ userId }),
    queries.heldRoles.execute({ userId, siteId }),
    queries.settings.execute({ siteId }),
    role ? ctx.deps.access.menusOf(role) : Promise.resolve([]),
    ctx.deps.access.menuEntries(),
  ]);
  const settings = mergeShellSettings(settingRows);
  const current = memberships.find((m) => m.siteId === siteId);
  if (!user || !current) throw new AppError('auth_fail');
  const { open_chatgpt, wrong_book_n: _wrongBookN, ...shellSettings } = settings;
  return {
    user: {
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      avatar: user.avatar,
      site: {
        id: current.site.id,
        name: siteDisplayName(current.site, ctx.lang),
        logo: current.site.logo,
        icon_logo: current.site.iconLogo,
        service_type: current.site.serviceType,
        open_chatgpt,
      },
      siteUser: { current_role: role ?? '' },
      can_change_roles: Object.fromEntries(
        held.map((r) => [r.key, r.builtin ? translate(ctx.lang, `role-names.${r.key}`) : r.name]),
      ),
      auth_menus: buildAuthMenus(routes, ctx.lang, entries),
      modules: permittedModules(routes, ctx.lang, entries),
      menu_layout: menuLayoutOf(entries, routes),
      permissions: [...ctx.session.permissions].sort(),
    },
    settings: shellSettings,
    userSites: memberships
      .filter((m) => m.status === 'active' && m.site.status === 'open')
      .map((m) => ({ id: m.id, site_id: m.siteId, site: { name: siteDisplayName(m.site, ctx.lang) } })),
  };
}
