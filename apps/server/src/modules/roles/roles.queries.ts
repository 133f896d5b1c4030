import { BUILTIN_ROLES, type TRoleDetail, type TRoleRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { type Lang, translate } from '@app/i18n';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { inCatalogueOrder } from './catalogue.ts';

const { roles, roleGroups, rolePermissions, roleMenus } = schema;

export type RoleRecord = typeof roles.$inferSelect;

const BUILTIN_ORDER = new Map<string, number>(BUILTIN_ROLES.map((role, index) => [role.key, index]));

/** The name shown for a role: a built-in role's title in the caller's language, a custom role's own name. */
export function roleDisplayName(role: { key: string; name: string; builtin: boolean }, lang: Lang): string {
  if (!role.builtin) return role.name;
  const title = translate(lang, `role-names.${role.key}`);
  return title === `roles.${role.key}` ? role.name : title;
}

/** Built-in roles first in catalogue order, then custom roles by key. */
export function compareRoles(a: { key: string; builtin: boolean }, b: { key: string; builtin: boolean }): number {
  const order = (r: { key: string; builtin: boolean }) => (r.builtin ? (BUILTIN_ORDER.get(r.key) ?? 99) : 100);
  return order(a) - order(b) || a.key.localeCompare(b.key);
}

/** Roles with their group and counts (members over every organisation, permission keys, menu entries). */
export async function listRoleRows(db: Executor, lang: Lang, where?: SQL): Promise<TRoleRow[]> {
  const rows = await db
    .select({
      key: roles.key,
      name: roles.name,
      description: roles.description,
      builtin: roles.builtin,
      platform: roles.platform,
      groupId: roleGroups.id,
      groupName: roleGroups.name,
      memberCount: sql<number>`(select count(*)::int from site_user_roles s where s.role_key = ${roles.key})`,
      permissionCount: sql<number>`(select count(*)::int from role_permissions p where p.role_key = ${roles.key})`,
      menuCount: sql<number>`(select count(*)::int from role_menus m where m.role_key = ${roles.key})`,
    })
    .from(roles)
    .leftJoin(roleGroups, eq(roleGroups.id, roles.groupId))
    .where(where);
  return rows.sort(compareRoles).map((row) => ({
    key: row.key,
    name: roleDisplayName(row, lang),
    description: row.description,
    builtin: row.builtin,
    platform: row.platform,
    group: row.groupId === null ? null : { id: row.groupId, name: row.groupName ?? '' },
    member_count: row.memberCount,
    permission_count: row.permissionCount,
    menu_count: row.menuCount,
  }));
}

/** The permission keys (sorted) and menu entries (catalogue order) a role holds. */
export async function roleGrants(db: Executor, roleKey: string): Promise<{ permissions: string[]; menus: string[] }> {
  // One after the other: `db` may be a transaction (one connection).
  const permissionRows = await db
    .select({ key: rolePermissions.permissionKey })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleKey, roleKey))
    .orderBy(asc(rolePermissions.permissionKey));
  const menuRows = await db
    .select({ route: roleMenus.routeName })
    .from(roleMenus)
    .where(eq(roleMenus.roleKey, roleKey));
  return { permissions: permissionRows.map((r) => r.key), menus: inCatalogueOrder(menuRows.map((r) => r.route)) };
}

/** One role with its grants, or undefined. */
export async function findRoleDetail(db: Executor, roleKey: string, lang: Lang): Promise<TRoleDetail | undefined> {
  const [row] = await listRoleRows(db, lang, eq(roles.key, roleKey));
  if (!row) return undefined;
  return { ...row, ...(await roleGrants(db, roleKey)) };
}

/** A role row locked until the transaction ends (writes to one role are serialised). */
export async function lockRole(tx: Executor, roleKey: string): Promise<RoleRecord | undefined> {
  const [row] = await tx.select().from(roles).where(eq(roles.key, roleKey)).for('update');
  return row;
}

/** Every role's key and shown name, in list order. */
export async function roleNames(db: Executor, lang: Lang): Promise<Map<string, { key: string; name: string }>> {
  const rows = await db.select({ key: roles.key, name: roles.name, builtin: roles.builtin }).from(roles);
  return new Map(rows.sort(compareRoles).map((r) => [r.key, { key: r.key, name: roleDisplayName(r, lang) }]));
}

/** Holders of each permission key or menu route: `key -> role keys` in role list order. */
export async function holdersBy(db: Executor, kind: 'permissions' | 'menus'): Promise<Map<string, string[]>> {
  const rows =
    kind === 'permissions'
      ? await db.select({ role: rolePermissions.roleKey, item: rolePermissions.permissionKey }).from(rolePermissions)
      : await db.select({ role: roleMenus.roleKey, item: roleMenus.routeName }).from(roleMenus);
  const holders = new Map<string, string[]>();
  for (const row of rows) {
    const list = holders.get(row.item) ?? [];
    list.push(row.role);
    holders.set(row.item, list);
  }
  return holders;
}

/** Whether a role group exists; in a transaction, it then stays until the end (a deletion waits). */
export async function groupExists(db: Executor, groupId: number): Promise<boolean> {
  const [row] = await db.select({ id: roleGroups.id }).from(roleGroups).where(eq(roleGroups.id, groupId)).for('share');
  return row !== undefined;
}
