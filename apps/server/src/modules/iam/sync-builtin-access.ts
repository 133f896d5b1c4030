import {
  BUILTIN_ROLE_PERMISSIONS,
  BUILTIN_ROLES,
  menuRoutesOfRole,
  PROCEDURE_CATALOGUE,
  type RoleKey,
} from '@app/contracts';
import { type Db, schema } from '@app/db';
import { sql } from 'drizzle-orm';

/** Every permission key of the catalogue (procedures whose access is a permission). */
export function permissionKeys(): string[] {
  return [...new Set(PROCEDURE_CATALOGUE.flatMap((p) => (p.access.kind === 'permission' ? [p.access.key] : [])))];
}

/** The permission keys a built-in role is given when it is created (and keys new to the catalogue later). */
export function syncedGrantsOf(key: RoleKey): readonly string[] {
  return key === 'role_root' ? permissionKeys() : BUILTIN_ROLE_PERMISSIONS[key];
}

/**
 * Brings the permission list and the built-in roles up to the code's catalogue at start, without undoing
 * what an administrator changed since:
 * - permission keys are added; a key's description follows the procedure's summary until an administrator
 *   names the key (`/auth/permission-update`);
 * - a built-in role that does not exist yet is created with all its menu entries and permission keys;
 * - an existing built-in role only gets the keys that are new to the catalogue (not in the `permissions`
 *   table before this start), so grants an administrator removed stay removed and added ones stay;
 * - the super administrator (role_root) holds every key and every menu entry: it gets them all at every
 *   start, and `/auth/role-update` refuses to change them.
 */
export async function syncBuiltinAccess(db: Db): Promise<void> {
  const { permissions, roles, roleMenus, rolePermissions } = schema;
  const procedures = new Map(PROCEDURE_CATALOGUE.map((p) => [p.path, p]));
  const keys = permissionKeys();
  await db.transaction(async (tx) => {
    const known = new Set((await tx.select({ key: permissions.key }).from(permissions)).map((row) => row.key));
    const isNewKey = (key: string) => !known.has(key);
    await tx
      .insert(permissions)
      .values(keys.map((key) => ({ key, name: key, description: procedures.get(key)?.summary.slice(0, 255) ?? '' })))
      .onConflictDoUpdate({
        target: permissions.key,
        set: { description: sql`excluded.description` },
        setWhere: sql`"permissions"."name" = "permissions"."key"`,
      });
    const created = new Set(
      (
        await tx
          .insert(roles)
          .values(BUILTIN_ROLES.map((r) => ({ key: r.key, name: r.key, builtin: true, platform: r.platform })))
          .onConflictDoNothing()
          .returning({ key: roles.key })
      ).map((row) => row.key),
    );
    const seedsAll = (key: RoleKey) => created.has(key) || key === 'role_root';
    const menus = BUILTIN_ROLES.filter((r) => seedsAll(r.key)).flatMap((r) =>
      menuRoutesOfRole(r.key).map((routeName) => ({ roleKey: r.key, routeName })),
    );
    if (menus.length) await tx.insert(roleMenus).values(menus).onConflictDoNothing();
    const grants = BUILTIN_ROLES.flatMap((r) =>
      syncedGrantsOf(r.key)
        .filter((key) => seedsAll(r.key) || isNewKey(key))
        .map((permissionKey) => ({ roleKey: r.key, permissionKey })),
    );
    if (grants.length) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
  });
}
