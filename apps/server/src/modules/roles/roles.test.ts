import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await loginAs(t.app, 'root');
});
afterAll(() => t.close());

const menusOf = async (token: string) =>
  Object.keys((await call(t.app, '/user/detail', {}, { token })).body.data.user.auth_menus);
const roleDetail = async (key: string) => (await call(t.app, '/auth/role-detail', { key }, { token: root })).body.data;

/** Updates a role as root with its grants changed by `change`, keeping the rest. */
async function editRole(
  key: string,
  change: (grants: { permissions: string[]; menus: string[] }) => { permissions: string[]; menus: string[] },
  token = root,
) {
  const role = await roleDetail(key);
  const grants = change({ permissions: role.permissions, menus: role.menus });
  return call(
    t.app,
    '/auth/role-update',
    { key, name: role.name, description: role.description || 'A role', ...grants },
    { token },
  );
}

/** Gives a demo user `roleKey` in the first organisation as the current role; answers a new session. */
async function holdRole(username: string, roleKey: string): Promise<string> {
  const { db } = t.deps;
  const siteId = await siteIdByName(t, '示范学院');
  const [membership] = await db
    .select({ id: schema.siteUsers.id })
    .from(schema.siteUsers)
    .innerJoin(schema.users, eq(schema.users.id, schema.siteUsers.userId))
    .where(and(eq(schema.users.username, username), eq(schema.siteUsers.siteId, siteId)));
  await db.insert(schema.siteUserRoles).values({ siteUserId: membership!.id, siteId, roleKey }).onConflictDoNothing();
  await db.update(schema.siteUsers).set({ currentRole: roleKey }).where(eq(schema.siteUsers.id, membership!.id));
  return sessionFor(t, username);
}

const auditOf = (targetId: string) =>
  t.deps.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.targetType, 'role'), eq(schema.auditLogs.targetId, targetId)))
    .orderBy(asc(schema.auditLogs.id));

describe('a role change reaches signed-in users at once (no new login)', () => {
  it('removing a menu entry and then the key of /user/mylist from the manager role', async () => {
    const manager = await loginAs(t.app, 'manager');
    expect(await menusOf(manager)).toContain('user-mylist');
    expect((await call(t.app, '/user/mylist', {}, { token: manager })).status).toBe(200);

    const noMenu = await editRole('role_manager', (g) => ({ ...g, menus: g.menus.filter((m) => m !== 'user-mylist') }));
    expect(noMenu.status).toBe(200);
    expect(noMenu.body.data.menus).not.toContain('user-mylist');
    expect(await menusOf(manager)).not.toContain('user-mylist');
    expect(await menusOf(manager)).toContain('home_manager');
    expect((await call(t.app, '/user/mylist', {}, { token: manager })).status).toBe(200);

    await editRole('role_manager', (g) => ({ ...g, permissions: g.permissions.filter((k) => k !== '/user/mylist') }));
    expect(await call(t.app, '/user/mylist', {}, { token: manager })).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });

    await editRole('role_manager', (g) => ({
      permissions: [...g.permissions, '/user/mylist'],
      menus: [...g.menus, 'user-mylist'],
    }));
    expect(await menusOf(manager)).toContain('user-mylist');
    expect((await call(t.app, '/user/mylist', {}, { token: manager })).status).toBe(200);
  });

  it('records each write in the audit log with the grants before and after', async () => {
    const entries = await auditOf('role_manager');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    const first = entries[0]!;
    expect(first).toMatchObject({ action: 'role_update', targetType: 'role', siteId: null });
    const details = first.details as { before: { menus: string[] }; after: { menus: string[] } };
    expect(details.before.menus).toContain('user-mylist');
    expect(details.after.menus).not.toContain('user-mylist');
  });
});

describe('/auth/roles and /auth/role-detail', () => {
  it('lists the roles with translated built-in names, group and counts', async () => {
    const zh = await call(t.app, '/auth/roles', { pageSize: 100 }, { token: root });
    const manager = zh.body.data.list.find((r) => r.key === 'role_manager');
    expect(manager).toMatchObject({ name: '管理员', builtin: true, platform: false, group: null, member_count: 3 });
    expect(manager?.permission_count).toBeGreaterThan(1);
    expect(manager?.menu_count).toBeGreaterThan(1);
    expect(zh.body.data.list[0]!.key).toBe('role_student');
    const en = await call(t.app, '/auth/roles', { keyword: 'super' }, { token: root, lang: 'en-US' });
    expect(en.body.data.list.map((r) => r.name)).toEqual(['Super administrator']);
    expect(en.body.data.total).toBe(1);
  });

  it('answers a role with its keys and menu entries; an unknown role is not found', async () => {
    const role = await roleDetail('role_manager');
    expect(role.permissions).toContain('/user/mylist');
    expect(role.menus).toContain('user-mylist');
    expect((await call(t.app, '/auth/role-detail', { key: 'role_nope' }, { token: root })).body.error).toBe(
      'not_found',
    );
  });

  it('offers every key, the menu tree and the groups on the form, marked grantable', async () => {
    const { body } = await call(t.app, '/auth/role-form', {}, { token: root });
    const key = body.data.permissions.find((p) => p.key === '/auth/role-update');
    expect(key).toMatchObject({ platform: true, grantable: true });
    const module = body.data.modules.find((m) => m.key === 'module_info_manager');
    expect(module?.routes.find((r) => r.name === 'user-mylist')).toMatchObject({
      title: '组织架构',
      grantable: true,
    });
  });
});

describe('/auth/role-create', () => {
  const base = { name: 'Reviewer', description: 'Reviews courses', permissions: [], menus: [] };

  it('creates a role with its grants and records it', async () => {
    const created = await call(
      t.app,
      '/auth/role-create',
      { ...base, key: 'role_course_reviewer', permissions: ['/user/mylist'], menus: ['user-mylist', 'home_manager'] },
      { token: root },
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      key: 'role_course_reviewer',
      name: 'Reviewer',
      builtin: false,
      platform: false,
      member_count: 0,
      permissions: ['/user/mylist'],
      menus: ['home_manager', 'user-mylist'],
    });
    const [entry] = await auditOf('role_course_reviewer');
    expect(entry).toMatchObject({ action: 'role_create', details: { before: null } });
    const again = await call(t.app, '/auth/role-create', { ...base, key: 'role_course_reviewer' }, { token: root });
    expect(again).toMatchObject({ status: 409, body: { error: 'role_key_taken' } });
  });

  it('requires a role_ key, a name and a description', async () => {
    for (const input of [
      { ...base, key: 'Role_Upper' },
      { ...base, key: 'reviewer' },
      { ...base, key: 'role_x', name: '   ' },
      { ...base, key: 'role_x', description: '' },
      { ...base, key: 'role_x', name: 'x'.repeat(65) },
      { key: 'role_x', name: 'X', permissions: [], menus: [] },
    ]) {
      const result = await call(t.app, '/auth/role-create', input, { token: root });
      expect(result.body.error, JSON.stringify(input)).toBe('invalid_input');
    }
  });

  it('refuses keys and menu entries outside the catalogue, and platform keys in a tenant role', async () => {
    const unknown = await call(
      t.app,
      '/auth/role-create',
      { ...base, key: 'role_x', permissions: ['/user/mylist', '/no/such'], menus: ['nowhere'] },
      { token: root, lang: 'en-US' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_input');
    expect(unknown.body.details).toHaveProperty('fields', [
      expect.objectContaining({ field: 'permissions', keys: ['/no/such'] }),
      expect.objectContaining({ field: 'menus', keys: ['nowhere'] }),
    ]);
    expect(unknown.body.message).toContain('/no/such');
    const platformKey = await call(
      t.app,
      '/auth/role-create',
      { ...base, key: 'role_x', permissions: ['/auth/roles'] },
      { token: root },
    );
    expect(platformKey.body.details).toHaveProperty('fields', [
      expect.objectContaining({ field: 'permissions', code: 'platform_keys_in_tenant_role', keys: ['/auth/roles'] }),
    ]);
    const platformRole = await call(
      t.app,
      '/auth/role-create',
      { ...base, key: 'role_x', platform: true, permissions: ['/auth/roles'] },
      { token: root },
    );
    expect(platformRole.body.data).toMatchObject({ platform: true, permissions: ['/auth/roles'] });
    expect((await call(t.app, '/auth/role-delete', { key: 'role_x' }, { token: root })).status).toBe(200);
  });

  it('refuses an unknown group', async () => {
    const result = await call(
      t.app,
      '/auth/role-create',
      { ...base, key: 'role_y', group_id: 999999 },
      { token: root },
    );
    expect(result.body.error).toBe('not_found');
  });
});

describe('nobody grants what they do not hold', () => {
  let admin: string;
  beforeAll(async () => {
    const created = await call(
      t.app,
      '/auth/role-create',
      {
        key: 'role_access_admin',
        name: 'Access admin',
        description: 'Edits roles',
        platform: true,
        permissions: ['/auth/role-form', '/auth/role-detail', '/auth/role-create', '/auth/role-update', '/user/mylist'],
        menus: ['system-role', 'system-role-edit', 'user-mylist'],
      },
      { token: root },
    );
    expect(created.status).toBe(200);
    admin = await holdRole('operator', 'role_access_admin');
  });

  it('a custom admin role may grant only the keys and entries it holds', async () => {
    const refused = await call(
      t.app,
      '/auth/role-create',
      {
        key: 'role_z',
        name: 'Z',
        description: 'Z',
        permissions: ['/user/mylist', '/user/index-manager'],
        menus: ['user-mylist', 'home_manager'],
      },
      { token: admin },
    );
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error: 'forbidden',
        details: { not_held: { permissions: ['/user/index-manager'], menus: ['home_manager'] } },
      },
    });
    const form = await call(t.app, '/auth/role-form', {}, { token: admin });
    expect(form.body.data.permissions.find((p) => p.key === '/user/index-manager')?.grantable).toBe(false);
    const allowed = await call(
      t.app,
      '/auth/role-create',
      { key: 'role_z', name: 'Z', description: 'Z', permissions: ['/user/mylist'], menus: ['user-mylist'] },
      { token: admin },
    );
    expect(allowed.status).toBe(200);
  });

  it('may edit a role that holds keys it lacks, keep them and take them away, but not add them', async () => {
    // role_teacher holds /user/index-manager, which the admin role does not.
    const renamed = await editRole('role_teacher', (g) => g, admin);
    expect(renamed.status).toBe(200);
    const removed = await editRole(
      'role_teacher',
      (g) => ({ ...g, permissions: g.permissions.filter((k) => k !== '/user/index-manager') }),
      admin,
    );
    expect(removed.body.data.permissions).not.toContain('/user/index-manager');
    const added = await editRole(
      'role_teacher',
      (g) => ({ ...g, permissions: [...g.permissions, '/user/mylist', '/user/index-manager'] }),
      admin,
    );
    expect(added.body).toMatchObject({
      error: 'forbidden',
      details: { not_held: { permissions: ['/user/index-manager'], menus: [] } },
    });
    const restored = await editRole('role_teacher', (g) => ({
      ...g,
      permissions: [...g.permissions, '/user/index-manager'],
    }));
    expect(restored.body.data.permissions).toContain('/user/index-manager');
  });
});

describe('/auth/role-update', () => {
  it('edits a built-in role and moves it into a group; an absent group_id keeps the group', async () => {
    const group = (await call(t.app, '/auth/group-create', { name: 'Teaching' }, { token: root })).body.data;
    const role = await roleDetail('role_student');
    const updated = await call(
      t.app,
      '/auth/role-update',
      { ...role, key: 'role_student', description: 'Learners', group_id: group.id },
      { token: root },
    );
    expect(updated.body.data).toMatchObject({ description: 'Learners', group: { id: group.id, name: 'Teaching' } });
    const kept = await call(
      t.app,
      '/auth/role-update',
      {
        key: 'role_student',
        name: role.name,
        description: 'Learners',
        permissions: role.permissions,
        menus: role.menus,
      },
      { token: root },
    );
    expect(kept.body.data.group).toEqual({ id: group.id, name: 'Teaching' });
    const cleared = await call(
      t.app,
      '/auth/role-update',
      { ...role, key: 'role_student', description: 'Learners', group_id: null },
      { token: root },
    );
    expect(cleared.body.data.group).toBeNull();
  });

  it("keeps the super administrator's grants: every key and entry", async () => {
    const fewer = await editRole('role_root', (g) => ({ ...g, menus: g.menus.slice(1) }));
    expect(fewer).toMatchObject({ status: 409, body: { error: 'role_root_fixed' } });
    const renamed = await editRole('role_root', (g) => g);
    expect(renamed.status).toBe(200);
  });

  it('an unknown role is not found; a tenant role may not edit roles', async () => {
    const missing = await call(
      t.app,
      '/auth/role-update',
      { key: 'role_nope', name: 'N', description: 'N', permissions: [], menus: [] },
      { token: root },
    );
    expect(missing.body.error).toBe('not_found');
    const teacher = await loginAs(t.app, 'teacher');
    const refused = await call(
      t.app,
      '/auth/role-update',
      { key: 'role_student', name: 'N', description: 'N', permissions: [], menus: [] },
      { token: teacher },
    );
    expect(refused.body.error).toBe('forbidden');
  });
});

describe('/auth/role-delete', () => {
  it('refuses built-in roles and roles members hold; deletes an unused custom role', async () => {
    expect(await call(t.app, '/auth/role-delete', { key: 'role_teacher' }, { token: root })).toMatchObject({
      status: 409,
      body: { error: 'role_builtin' },
    });
    await call(
      t.app,
      '/auth/role-create',
      { key: 'role_held', name: 'Held', description: 'Held by a member', permissions: [], menus: [] },
      { token: root },
    );
    await holdRole('student', 'role_held');
    expect(await call(t.app, '/auth/role-delete', { key: 'role_held' }, { token: root })).toMatchObject({
      status: 409,
      body: { error: 'role_in_use', details: { member_count: 1 } },
    });
    await call(
      t.app,
      '/auth/role-create',
      { key: 'role_unused', name: 'Unused', description: 'Nobody holds it', permissions: ['/user/mylist'], menus: [] },
      { token: root },
    );
    expect((await call(t.app, '/auth/role-delete', { key: 'role_unused' }, { token: root })).body.data).toEqual({
      ok: true,
    });
    expect((await call(t.app, '/auth/role-detail', { key: 'role_unused' }, { token: root })).body.error).toBe(
      'not_found',
    );
    const [, deleted] = await auditOf('role_unused');
    expect(deleted).toMatchObject({ action: 'role_delete', details: { after: null } });
    expect((await call(t.app, '/auth/role-delete', { key: 'role_unused' }, { token: root })).body.error).toBe(
      'not_found',
    );
  });
});

describe('/system/refresh-cache', () => {
  it('drops the cached access: a change written behind the server shows after it', async () => {
    const manager = await loginAs(t.app, 'manager');
    expect(await menusOf(manager)).toContain('home_manager');
    await t.deps.db
      .delete(schema.roleMenus)
      .where(and(eq(schema.roleMenus.roleKey, 'role_manager'), eq(schema.roleMenus.routeName, 'home_manager')));
    expect(await menusOf(manager)).toContain('home_manager');
    expect((await call(t.app, '/system/refresh-cache', {}, { token: root })).body.data).toEqual({ ok: true });
    expect(await menusOf(manager)).not.toContain('home_manager');
    await t.deps.db.insert(schema.roleMenus).values({ roleKey: 'role_manager', routeName: 'home_manager' });
    await call(t.app, '/system/auth-refresh', {}, { token: root });
    expect(await menusOf(manager)).toContain('home_manager');
  });
});
