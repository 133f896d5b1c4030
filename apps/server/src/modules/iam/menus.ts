import { MODULES, type TSessionUser } from '@app/contracts';
import { type Lang, translate } from '@app/i18n';

type AuthMenus = TSessionUser['auth_menus'];
type ModuleEntry = NonNullable<TSessionUser['module_default']>;

/** `auth_menus`: the route names the role may open, keyed by route name, in catalogue order. */
export function buildAuthMenus(routeNames: readonly string[], lang: Lang): AuthMenus {
  const allowed = new Set(routeNames);
  const menus: AuthMenus = {};
  for (const module of MODULES) {
    for (const route of module.routes) {
      if (!allowed.has(route.name)) continue;
      menus[route.name] = translate(lang, `menu.${route.titleKey}`);
    }
  }
  return menus;
}

/** The modules that hold at least one permitted route, in catalogue order. */
export function permittedModules(routeNames: readonly string[], lang: Lang): ModuleEntry[] {
  const allowed = new Set(routeNames);
  return MODULES.filter((m) => m.routes.some((r) => allowed.has(r.name))).map((m) => {
    const first =
      m.routes.find((r) => r.name === m.defaultRoute && allowed.has(r.name)) ??
      m.routes.find((r) => allowed.has(r.name));
    return { module_route: m.key, title: translate(lang, `menu.${m.titleKey}`), default_route: first?.path ?? '/' };
  });
}
