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

/** The permission keys a built-in role is given at start. */
export function syncedGrantsOf(key: RoleKey): readonly string[] {
  return key === 'role_root' ? permissionKeys() : BUILTIN_ROLE_PERMISSIONS[key];
}

/**
 * Brings the permission list and the built-in roles up to the code's catalogue at start: permission
 * keys, built-in roles, and their menu and permission grants are added where missing (never removed,
 * so grants an administrator added stay).
 */
export async function syncBuiltinAccess(db: Db): Promise<void> {
  const { permissions, roles, roleMenus, rolePermissions } = schema;
  const procedures = new Map(PROCEDURE_CATALOGUE.map((p) => [p.path, p]));
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(
        permissionKeys().map((key) => ({
          key,
          name: key,
          description: procedures.get(key)?.summary.slice(0, 255) ?? '',
        })),
      )
      .onConflictDoUpdate({ target: permissions.key, set: { description: sql`excluded.description` } });
    await tx
      .insert(roles)
      .values(BUILTIN_ROLES.map((r) => ({ key: r.key, name: r.key, builtin: true, platform: r.platform })))
      .onConflictDoNothing();
    const menus = BUILTIN_ROLES.flatMap((r) =>
      menuRoutesOfRole(r.key).map((routeName) => ({ roleKey: r.key, routeName })),
    );
    await tx.insert(roleMenus).values(menus).onConflictDoNothing();
    const grants = BUILTIN_ROLES.flatMap((r) =>
      syncedGrantsOf(r.key).map((permissionKey) => ({ roleKey: r.key, permissionKey })),
    );
    if (grants.length) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
  });
}
