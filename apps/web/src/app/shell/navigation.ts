import { MODULES, type ModuleKey, PAGES_IN_CLIENT, type RouteEntry } from '@app/contracts/navigation/index.ts';

const pages = new Set(PAGES_IN_CLIENT);

export interface ShellModule {
  key: ModuleKey;
  titleKey: string;
  /** Where picking the module goes: its default page when allowed, else its first allowed page. */
  defaultPath: string;
  /** Entries of the left menu. */
  menu: RouteEntry[];
  /** Every allowed route of the module that has a page. */
  routes: RouteEntry[];
}

/** A concrete link for a route path: optional parameters dropped. */
export function linkOf(path: string): string {
  return path.replace(/\/:[^/]+\?/g, '') || '/';
}

/** The modules the user may enter: those with at least one permitted route whose page exists in the client. */
export function shellModules(authMenus: Record<string, unknown>): ShellModule[] {
  const result: ShellModule[] = [];
  for (const module of MODULES) {
    const routes = module.routes.filter((r) => r.name in authMenus && (pages.has(r.name) || r.externalUrlSetting));
    const withPages = routes.filter((r) => pages.has(r.name));
    if (!withPages.length) continue;
    const target =
      withPages.find((r) => r.name === module.defaultRoute) ?? withPages.find((r) => r.inMenu) ?? withPages[0]!;
    result.push({
      key: module.key,
      titleKey: module.titleKey,
      defaultPath: linkOf(target.path),
      menu: routes.filter((r) => r.inMenu),
      routes: withPages,
    });
  }
  return result;
}

/** Module and route of a route name. */
export function findRouteModule(name: string): { module: (typeof MODULES)[number]; route: RouteEntry } | undefined {
  for (const module of MODULES) {
    const route = module.routes.find((r) => r.name === name);
    if (route) return { module, route };
  }
  return undefined;
}
