import type { TMenuLayoutEntry } from '@app/contracts';
import {
  MODULES,
  type ModuleKey,
  PAGES_IN_CLIENT,
  ROUTES_BY_NAME,
  type RouteEntry,
} from '@app/contracts/navigation/index.ts';

const pages = new Set(PAGES_IN_CLIENT);

/** A menu entry: a catalogue route (maybe retitled by an administrator) or a custom outside link (`url`). */
export interface ShellEntry extends RouteEntry {
  /** An administrator's titles; null where the catalogue's translation applies. */
  readonly titles?: { readonly zh: string | null; readonly en: string | null };
  /** Custom entries: the outside page they open in a new tab. */
  readonly url?: string;
}

export interface ShellModule {
  key: ModuleKey;
  titleKey: string;
  /** Where picking the module goes: its default page when allowed, else its first allowed page. */
  defaultPath: string;
  /** Entries of the left menu. */
  menu: ShellEntry[];
  /** Every allowed route of the module that has a page. */
  routes: ShellEntry[];
}

/** A concrete link for a route path: optional parameters dropped. */
export function linkOf(path: string): string {
  return path.replace(/\/:[^/]+\?/g, '') || '/';
}

/** The title of an entry in the current language: an administrator's title, else the catalogue's translation. */
export function entryTitle(entry: ShellEntry, t: (key: string) => string, lang: string): string {
  const own = lang.startsWith('en') ? entry.titles?.en : entry.titles?.zh;
  return own || (entry.titleKey ? t(entry.titleKey) : entry.name);
}

/**
 * Menu entries an organisation's settings turn off (spec §2): the live-room entry shows only when `open_webrtc` is
 * '1'. The page stays reachable (a link to a room that started still opens it); only the menu leaves it out.
 */
export function entriesHiddenBySettings(settings: { open_webrtc?: string }): ReadonlySet<string> {
  return new Set(settings.open_webrtc === '1' ? [] : ['liveroom']);
}

/**
 * The modules the user may enter: those with at least one permitted route whose page exists in the client.
 * `layout` (from /user/detail) moves, re-sorts and retitles catalogue routes and adds custom outside links;
 * `hidden` names entries left out of the menu (entriesHiddenBySettings).
 */
export function shellModules(
  authMenus: Record<string, unknown>,
  layout: readonly TMenuLayoutEntry[] = [],
  hidden: ReadonlySet<string> = new Set(),
): ShellModule[] {
  const overrides = new Map(layout.map((entry) => [entry.name, entry]));
  const placed: { entry: ShellEntry; parent: string; sort: number; order: number }[] = [];
  for (const module of MODULES) {
    module.routes.forEach((route, index) => {
      if (!(route.name in authMenus) || !(pages.has(route.name) || route.externalUrlSetting)) return;
      const own = overrides.get(route.name);
      placed.push({
        entry: own ? { ...route, inMenu: own.in_menu, titles: { zh: own.title_zh, en: own.title_en } } : route,
        parent: own?.parent ?? module.key,
        sort: own?.sort ?? index,
        order: placed.length,
      });
    });
  }
  for (const own of layout) {
    if (!own.url || !(own.name in authMenus) || ROUTES_BY_NAME.has(own.name)) continue;
    placed.push({
      entry: {
        name: own.name,
        path: '',
        titleKey: '',
        inMenu: own.in_menu,
        titles: { zh: own.title_zh, en: own.title_en },
        url: own.url,
      },
      parent: own.parent,
      sort: own.sort,
      order: placed.length,
    });
  }
  const result: ShellModule[] = [];
  for (const module of MODULES) {
    const routes = placed
      .filter((p) => p.parent === module.key)
      .sort((a, b) => a.sort - b.sort || a.order - b.order)
      .map((p) => p.entry);
    const withPages = routes.filter((r) => pages.has(r.name));
    if (!withPages.length) continue;
    const target =
      withPages.find((r) => r.name === module.defaultRoute) ??
      withPages.find((r) => r.inMenu && !hidden.has(r.name)) ??
      withPages[0]!;
    result.push({
      key: module.key,
      titleKey: module.titleKey,
      defaultPath: linkOf(target.path),
      menu: routes.filter((r) => r.inMenu && !hidden.has(r.name)),
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
