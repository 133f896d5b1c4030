import { menuRoutesOfRole } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { permissionKeys, syncBuiltinAccess } from './sync-builtin-access.ts';

const { permissions, roles, roleMenus, rolePermissions } = schema;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keysOf = async (role: string) =>
  (await t.deps.db.select().from(rolePermissions).where(eq(rolePermissions.roleKey, role))).map((r) => r.permissionKey);
const menusOf = async (role: string) =>
  (await t.deps.db.select().from(roleMenus).where(eq(roleMenus.roleKey, role))).map((r) => r.routeName);

describe('syncBuiltinAccess at start', () => {
  it('never re-adds a built-in grant an administrator removed, and keeps one they added', async () => {
    const { db } = t.deps;
    await db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleKey, 'role_manager'), eq(rolePermissions.permissionKey, '/user/mylist')));
    await db
      .delete(roleMenus)
      .where(and(eq(roleMenus.roleKey, 'role_manager'), eq(roleMenus.routeName, 'user-mylist')));
    await db.insert(rolePermissions).values({ roleKey: 'role_student', permissionKey: '/user/index-manager' });
    await syncBuiltinAccess(db);
    expect(await keysOf('role_manager')).not.toContain('/user/mylist');
    expect(await menusOf('role_manager')).not.toContain('user-mylist');
    expect(await menusOf('role_manager')).toContain('home_manager');
    expect(await keysOf('role_student')).toContain('/user/index-manager');
  });

  it('grants a key new to the catalogue to the built-in roles that declare it', async () => {
    const { db } = t.deps;
    // A key the permissions table does not know yet, as after a deploy that adds a procedure.
    await db.delete(permissions).where(eq(permissions.key, '/user/index-manager'));
    expect(await keysOf('role_teacher')).not.toContain('/user/index-manager');
    await syncBuiltinAccess(db);
    expect(await keysOf('role_teacher')).toContain('/user/index-manager');
    expect(await keysOf('role_manager')).toContain('/user/index-manager');
    expect(await keysOf('role_root')).toContain('/user/index-manager');
    expect(await keysOf('role_student')).not.toContain('/user/index-manager');
  });

  it('gives the super administrator every key and entry at every start', async () => {
    const { db } = t.deps;
    await db.delete(rolePermissions).where(eq(rolePermissions.roleKey, 'role_root'));
    await db.delete(roleMenus).where(eq(roleMenus.roleKey, 'role_root'));
    await syncBuiltinAccess(db);
    expect((await keysOf('role_root')).sort()).toEqual(permissionKeys().sort());
    expect((await menusOf('role_root')).sort()).toEqual(menuRoutesOfRole('role_root').sort());
  });

  it('creates a missing built-in role with all its grants', async () => {
    const { db } = t.deps;
    await db.delete(roles).where(eq(roles.key, 'role_content_manager'));
    await syncBuiltinAccess(db);
    expect((await menusOf('role_content_manager')).sort()).toEqual(menuRoutesOfRole('role_content_manager').sort());
  });

  it('follows the procedure summary until an administrator names the key', async () => {
    const { db } = t.deps;
    await db.update(permissions).set({ description: 'old text' }).where(eq(permissions.key, '/user/mylist'));
    await db
      .update(permissions)
      .set({ name: 'Platform figures', description: 'Named by an administrator' })
      .where(eq(permissions.key, '/user/index-platform'));
    await syncBuiltinAccess(db);
    const rows = await db.select().from(permissions);
    expect(rows.find((r) => r.key === '/user/mylist')?.description).not.toBe('old text');
    expect(rows.find((r) => r.key === '/user/index-platform')).toMatchObject({
      name: 'Platform figures',
      description: 'Named by an administrator',
    });
  });
});
