import type { TSessionUser } from '@app/contracts';
import { MODULES } from '@app/contracts';
import { type Lang, translate } from '@app/i18n';
import { type EffectiveModule, effectiveMenu, type MenuEntryRow, titleIn } from './menu-layout.ts';

type AuthMenus = TSessionUser['auth_menus'];
type ModuleEntry = NonNullable<TSessionUser['module_default']>;

const layouts = new WeakMap<readonly MenuEntryRow[], EffectiveModule[]>();

/** The effective menu of the stored entries, computed once per list read from the access cache. */
function menuOf(rows: readonly MenuEntryRow[]): EffectiveModule[] {
  let menu = layouts.get(rows);
  if (!menu) {
    menu = effectiveMenu(rows);
    layouts.set(rows, menu);
  }
  return menu;
}

/**
 * `auth_menus`: the route names the role may open (custom entries included), keyed by route name, in menu
 * order, each with its title (an administrator's override or the catalogue's translation).
 */
export function buildAuthMenus(routeNames: readonly string[], lang: Lang, rows: readonly MenuEntryRow[]): AuthMenus {
  const allowed = new Set(routeNames);
  const menus: AuthMenus = {};
  for (const module of menuOf(rows)) {
    for (const route of module.routes) {
      if (allowed.has(route.name)) menus[route.name] = titleIn(route, lang);
    }
  }
  return menus;
}

/** The modules that hold at least one permitted page (not counting outside links), in catalogue order. */
export function permittedModules(
  routeNames: readonly string[],
  lang: Lang,
  rows: readonly MenuEntryRow[],
): ModuleEntry[] {
  const allowed = new Set(routeNames);
  const defaults = new Map(MODULES.map((m) => [m.key as string, m.defaultRoute]));
  return menuOf(rows).flatMap((m) => {
    const pages = m.routes.filter((r) => !r.custom && allowed.has(r.name));
    if (!pages.length) return [];
    const first = pages.find((r) => r.name === defaults.get(m.key)) ?? pages[0]!;
    return [{ module_route: m.key, title: translate(lang, `menu.${m.titleKey}`), default_route: first.path }];
  });
}
