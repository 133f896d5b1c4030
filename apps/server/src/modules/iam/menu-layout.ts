import { MODULES, PAGES_IN_CLIENT, type TMenuLayoutEntry } from '@app/contracts';
import type { schema } from '@app/db';
import { type Lang, translate } from '@app/i18n';

export type MenuEntryRow = typeof schema.menuEntries.$inferSelect;

/** One entry of the effective menu: a catalogue route (maybe overridden) or a custom entry. */
export interface EffectiveRoute {
  name: string;
  /** Catalogue path; custom entries have none (they open `url`). */
  path: string;
  parent: string;
  sort: number;
  title_zh: string;
  title_en: string;
  url: string | null;
  in_menu: boolean;
  in_client: boolean;
  custom: boolean;
  overridden: boolean;
}

export interface EffectiveModule {
  key: string;
  titleKey: string;
  sort: number;
  routes: EffectiveRoute[];
}

const PAGES = new Set(PAGES_IN_CLIENT);

export const titleIn = (route: Pick<EffectiveRoute, 'title_zh' | 'title_en'>, lang: Lang) =>
  lang === 'en-US' ? route.title_en : route.title_zh;

/**
 * The menu as administrators shaped it: the catalogue's modules, each catalogue route moved, re-sorted or
 * retitled by its override row, custom rows added under their parent module. Routes sort by `sort`, then
 * catalogue order (custom entries after catalogue routes of the same sort).
 */
export function effectiveMenu(rows: readonly MenuEntryRow[]): EffectiveModule[] {
  const byName = new Map(rows.map((row) => [row.routeName, row]));
  const routes: (EffectiveRoute & { order: number })[] = [];
  let order = 0;
  for (const module of MODULES) {
    module.routes.forEach((route, index) => {
      const row = byName.get(route.name);
      const overridden = row !== undefined && !row.custom;
      routes.push({
        name: route.name,
        path: route.path,
        parent: overridden ? row.parent : module.key,
        sort: overridden ? row.sort : index,
        title_zh: (overridden && row.titleZh) || translate('zh-CN', `menu.${route.titleKey}`),
        title_en: (overridden && row.titleEn) || translate('en-US', `menu.${route.titleKey}`),
        url: null,
        in_menu: overridden ? row.inMenu : route.inMenu,
        in_client: PAGES.has(route.name),
        custom: false,
        overridden,
        order: order++,
      });
    });
  }
  for (const row of rows) {
    if (!row.custom) continue;
    routes.push({
      name: row.routeName,
      path: '',
      parent: row.parent,
      sort: row.sort,
      title_zh: row.titleZh ?? row.routeName,
      title_en: row.titleEn ?? row.routeName,
      url: row.url,
      in_menu: row.inMenu,
      in_client: false,
      custom: true,
      overridden: false,
      order: order++,
    });
  }
  return MODULES.map((module, index) => ({
    key: module.key,
    titleKey: module.titleKey,
    sort: index,
    routes: routes
      .filter((route) => route.parent === module.key)
      .sort((a, b) => a.sort - b.sort || a.order - b.order)
      .map(({ order: _order, ...route }) => route),
  }));
}

/** What a signed-in user's menu changes from the catalogue, among the routes their role holds. */
export function menuLayoutOf(rows: readonly MenuEntryRow[], routeNames: readonly string[]): TMenuLayoutEntry[] {
  const allowed = new Set(routeNames);
  return rows
    .filter((row) => allowed.has(row.routeName))
    .map((row) => ({
      name: row.routeName,
      parent: row.parent,
      sort: row.sort,
      title_zh: row.titleZh || null,
      title_en: row.titleEn || null,
      url: row.custom ? row.url : null,
      in_menu: row.inMenu,
    }));
}
