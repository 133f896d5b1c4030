import { type Db, schema } from '@app/db';
import { eq } from 'drizzle-orm';

/**
 * Permission keys and menu route names per role, read from the database once and kept until `clear()`
 * (called when roles change, and by /system/auth-refresh).
 */
export class AccessCache {
  private readonly permissions = new Map<string, Promise<ReadonlySet<string>>>();
  private readonly menus = new Map<string, Promise<readonly string[]>>();
  private entries: Promise<readonly (typeof schema.menuEntries.$inferSelect)[]> | null = null;

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

  /** The stored menu entries (overrides of catalogue routes and custom entries), shared by every role. */
  menuEntries(): Promise<readonly (typeof schema.menuEntries.$inferSelect)[]> {
    if (!this.entries) {
      const entry = this.db
        .select()
        .from(schema.menuEntries)
        .then((rows) => rows);
      this.entries = entry;
      entry.catch(() => {
        if (this.entries === entry) this.entries = null;
      });
    }
    return this.entries;
  }

  clear(): void {
    this.permissions.clear();
    this.menus.clear();
    this.entries = null;
  }
}
