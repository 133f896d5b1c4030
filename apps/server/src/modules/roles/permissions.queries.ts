import type { TMenuModule, TPermissionRow, TRoleForm } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { type Lang, translate } from '@app/i18n';
import { asc } from 'drizzle-orm';
import { effectiveMenu, titleIn } from '../iam/index.ts';
import { CATALOGUE_KEYS } from './catalogue.ts';
import { holdersBy, roleNames } from './roles.queries.ts';

/**
 * Every permission key (the catalogue's, then the custom ones by key), with its stored name and description
 * and the roles holding it.
 */
export async function listPermissionRows(
  db: Executor,
  lang: Lang,
  filter: { key?: string } = {},
): Promise<TPermissionRow[]> {
  // One after the other: `db` may be a transaction (one connection).
  const stored = await db.select().from(schema.permissions);
  const holders = await holdersBy(db, 'permissions');
  const names = await roleNames(db, lang);
  const byKey = new Map(stored.map((row) => [row.key, row]));
  const catalogue = CATALOGUE_KEYS.map((k) => ({
    key: k.key,
    name: byKey.get(k.key)?.name ?? k.key,
    description: byKey.get(k.key)?.description ?? k.summary,
    summary: k.summary,
    platform: k.platform,
    custom: false,
    roles: rolesOf(holders.get(k.key), names),
  }));
  const custom = stored
    .filter((row) => row.custom)
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((row) => ({
      key: row.key,
      name: row.name,
      description: row.description,
      summary: '',
      platform: false,
      custom: true,
      roles: rolesOf(holders.get(row.key), names),
    }));
  return [...catalogue, ...custom].filter((row) => filter.key === undefined || row.key === filter.key);
}

/** The menu (modules, then their routes in order, with overrides and custom entries) with the roles holding each. */
export async function menuCatalogue(db: Executor, lang: Lang): Promise<TMenuModule[]> {
  const rows = await db.select().from(schema.menuEntries);
  const holders = await holdersBy(db, 'menus');
  const names = await roleNames(db, lang);
  return effectiveMenu(rows).map((module) => ({
    key: module.key,
    title: translate(lang, `menu.${module.titleKey}`),
    sort: module.sort,
    routes: module.routes.map((route) => ({
      name: route.name,
      path: route.path,
      title: titleIn(route, lang),
      parent: route.parent,
      sort: route.sort,
      in_menu: route.in_menu,
      in_client: route.in_client,
      roles: rolesOf(holders.get(route.name), names),
      title_zh: route.title_zh,
      title_en: route.title_en,
      url: route.url,
      custom: route.custom,
      overridden: route.overridden,
    })),
  }));
}

/** What the role form offers: groups, keys and menu entries, each marked grantable when the caller holds it. */
export async function roleFormOptions(
  db: Executor,
  lang: Lang,
  held: { permissions: ReadonlySet<string>; menus: readonly string[] },
): Promise<TRoleForm> {
  const heldMenus = new Set(held.menus);
  const groups = await db
    .select({ id: schema.roleGroups.id, name: schema.roleGroups.name })
    .from(schema.roleGroups)
    .orderBy(asc(schema.roleGroups.id));
  const stored = await db
    .select({ key: schema.permissions.key, name: schema.permissions.name, custom: schema.permissions.custom })
    .from(schema.permissions);
  const entries = await db.select().from(schema.menuEntries);
  const names = new Map(stored.map((row) => [row.key, row.name]));
  const custom = stored.filter((row) => row.custom).sort((a, b) => a.key.localeCompare(b.key));
  return {
    groups,
    permissions: [
      ...CATALOGUE_KEYS.map((k) => ({
        key: k.key,
        name: names.get(k.key) ?? k.key,
        summary: k.summary,
        platform: k.platform,
        custom: false,
        grantable: held.permissions.has(k.key),
      })),
      ...custom.map((row) => ({
        key: row.key,
        name: row.name,
        summary: '',
        platform: false,
        custom: true,
        grantable: held.permissions.has(row.key),
      })),
    ],
    modules: effectiveMenu(entries).map((module) => ({
      key: module.key,
      title: translate(lang, `menu.${module.titleKey}`),
      routes: module.routes.map((route) => ({
        name: route.name,
        path: route.path,
        title: titleIn(route, lang),
        in_menu: route.in_menu,
        custom: route.custom,
        grantable: heldMenus.has(route.name),
      })),
    })),
  };
}

function rolesOf(keys: string[] | undefined, names: Map<string, { key: string; name: string }>) {
  const held = new Set(keys ?? []);
  return [...names.values()].filter((role) => held.has(role.key));
}
