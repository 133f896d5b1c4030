import { MODULES, type TMenuModule, type TPermissionRow, type TRoleForm } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { type Lang, translate } from '@app/i18n';
import { asc } from 'drizzle-orm';
import { CATALOGUE_KEYS, hasPage } from './catalogue.ts';
import { holdersBy, roleNames } from './roles.queries.ts';

/** Every permission key of the catalogue, with its stored name and description and the roles holding it. */
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
  return CATALOGUE_KEYS.filter((k) => filter.key === undefined || k.key === filter.key).map((k) => ({
    key: k.key,
    name: byKey.get(k.key)?.name ?? k.key,
    description: byKey.get(k.key)?.description ?? k.summary,
    summary: k.summary,
    platform: k.platform,
    roles: rolesOf(holders.get(k.key), names),
  }));
}

/** The menu catalogue (modules, then their routes in order) with the roles holding each entry. */
export async function menuCatalogue(db: Executor, lang: Lang): Promise<TMenuModule[]> {
  const [holders, names] = await Promise.all([holdersBy(db, 'menus'), roleNames(db, lang)]);
  return MODULES.map((module, moduleIndex) => ({
    key: module.key,
    title: translate(lang, `menu.${module.titleKey}`),
    sort: moduleIndex,
    routes: module.routes.map((route, index) => ({
      name: route.name,
      path: route.path,
      title: translate(lang, `menu.${route.titleKey}`),
      parent: module.key,
      sort: index,
      in_menu: route.inMenu,
      in_client: hasPage(route.name),
      roles: rolesOf(holders.get(route.name), names),
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
  const [groups, stored] = await Promise.all([
    db
      .select({ id: schema.roleGroups.id, name: schema.roleGroups.name })
      .from(schema.roleGroups)
      .orderBy(asc(schema.roleGroups.id)),
    db.select({ key: schema.permissions.key, name: schema.permissions.name }).from(schema.permissions),
  ]);
  const names = new Map(stored.map((row) => [row.key, row.name]));
  return {
    groups,
    permissions: CATALOGUE_KEYS.map((k) => ({
      key: k.key,
      name: names.get(k.key) ?? k.key,
      summary: k.summary,
      platform: k.platform,
      grantable: held.permissions.has(k.key),
    })),
    modules: MODULES.map((module) => ({
      key: module.key,
      title: translate(lang, `menu.${module.titleKey}`),
      routes: module.routes.map((route) => ({
        name: route.name,
        path: route.path,
        title: translate(lang, `menu.${route.titleKey}`),
        in_menu: route.inMenu,
        grantable: heldMenus.has(route.name),
      })),
    })),
  };
}

function rolesOf(keys: string[] | undefined, names: Map<string, { key: string; name: string }>) {
  const held = new Set(keys ?? []);
  return [...names.values()].filter((role) => held.has(role.key));
}
