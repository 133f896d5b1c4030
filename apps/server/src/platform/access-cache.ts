import { type Db, schema } from '@app/db';
import { eq } from 'drizzle-orm';

/**
 * Permission keys and menu route names per role, read from the database once and kept until `clear()`
 * (called when roles change, and by /system/auth-refresh).
 */
export class AccessCache {
  private readonly permissions = new Map<string, Promise<ReadonlySet<string>>>();
  private readonly menus = new Map<string, Promise<readonly string[]>>();

  constructor(private readonly db: Db) {}

  permissionsOf(roleKey: string): Promise<ReadonlySet<string>> {
    let entry = this.permissions.get(roleKey);
    if (!entry) {
      entry = this.db
        .select({ key: schema.rolePermissions.permissionKey })
        .from(schema.rolePermissions)
        .where(eq(schema.rolePermissions.roleKey, roleKey))
        .then((rows) => new Set(rows.map((r) => r.key)));
      this.permissions.set(roleKey, entry);
      entry.catch(() => this.permissions.delete(roleKey));
    }
    return entry;
  }

  menusOf(roleKey: string): Promise<readonly string[]> {
    let entry = this.menus.get(roleKey);
    if (!entry) {
      entry = this.db
        .select({ route: schema.roleMenus.routeName })
        .from(schema.roleMenus)
        .where(eq(schema.roleMenus.roleKey, roleKey))
        .then((rows) => rows.map((r) => r.route));
      this.menus.set(roleKey, entry);
      entry.catch(() => this.menus.delete(roleKey));
    }
    return entry;
  }

  clear(): void {
    this.permissions.clear();
    this.menus.clear();
  }
}
