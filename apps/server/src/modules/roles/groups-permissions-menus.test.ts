import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';
import { syncBuiltinAccess } from '../iam/index.ts';

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await loginAs(t.app, 'root');
});
afterAll(() => t.close());

const keysOf = (list: { key: string }[]) => list.map((item) => item.key);

describe('role groups', () => {
  it('creates, lists, shows, renames and deletes a group; its roles are left without a group', async () => {
    const created = await call(
      t.app,
      '/auth/group-create',
      { name: ' Teaching staff ', description: 'Teachers and managers' },
      { token: root },
    );
    expect(created.body.data).toMatchObject({
      name: 'Teaching staff',
      description: 'Teachers and managers',
      role_count: 0,
    });
    const id = created.body.data.id;
    const role = (await call(t.app, '/auth/role-detail', { key: 'role_teacher' }, { token: root })).body.data;
    await call(
      t.app,
      '/auth/role-update',
      {
        key: 'role_teacher',
        name: role.name,
        description: 'Teaches',
        group_id: id,
        permissions: role.permissions,
        menus: role.menus,
      },
      { token: root },
    );
    const detail = await call(t.app, '/auth/group-detail', { id }, { token: root, lang: 'en-US' });
    expect(detail.body.data).toMatchObject({ role_count: 1, roles: [{ key: 'role_teacher', name: 'Teacher' }] });
    const list = await call(t.app, '/auth/groups', { keyword: 'teaching' }, { token: root });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    const filtered = await call(t.app, '/auth/roles', { group_id: id }, { token: root });
    expect(keysOf(filtered.body.data.list)).toEqual(['role_teacher']);

    const renamed = await call(t.app, '/auth/group-update', { id, name: 'Teachers', description: '' }, { token: root });
    expect(renamed.body.data).toMatchObject({ id, name: 'Teachers', description: '' });

    expect((await call(t.app, '/auth/group-delete', { id }, { token: root })).body.data).toEqual({ ok: true });
    const after = (await call(t.app, '/auth/role-detail', { key: 'role_teacher' }, { token: root })).body.data;
    expect(after.group).toBeNull();
    expect((await call(t.app, '/auth/group-detail', { id }, { token: root })).body.error).toBe('not_found');
    expect((await call(t.app, '/auth/group-delete', { id }, { token: root })).body.error).toBe('not_found');
    const audit = await t.deps.db
      .select({ action: schema.auditLogs.action })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.targetType, 'role_group'), eq(schema.auditLogs.targetId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(['role_group_create', 'role_group_update', 'role_group_delete']);
  });

  it('requires a name of at most 64 characters and a description of at most 255', async () => {
    for (const input of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(65) },
      { name: 'ok', description: 'x'.repeat(256) },
    ]) {
      expect((await call(t.app, '/auth/group-create', input, { token: root })).body.error, JSON.stringify(input)).toBe(
        'invalid_input',
      );
    }
    expect((await call(t.app, '/auth/group-update', { id: 999999, name: 'x' }, { token: root })).body.error).toBe(
      'not_found',
    );
  });
});

describe('/auth/permissions', () => {
  it('lists the keys of the catalogue with the roles holding each, filtered by keyword and role', async () => {
    const all = await call(t.app, '/auth/permissions', { pageSize: 100 }, { token: root, lang: 'en-US' });
    const mylist = all.body.data.list.find((p) => p.key === '/user/mylist')!;
    expect(mylist).toMatchObject({ name: '/user/mylist', platform: false });
    expect(mylist.summary).toContain('organisation');
    expect(keysOf(mylist.roles)).toEqual(['role_manager', 'role_root']);
    expect(mylist.roles[0]!.name).toBe('Manager');
    const roles = all.body.data.list.find((p) => p.key === '/auth/roles');
    expect(roles).toMatchObject({ platform: true, roles: [{ key: 'role_root' }] });
    const byKeyword = await call(t.app, '/auth/permissions', { keyword: 'MYLIST' }, { token: root });
    expect(keysOf(byKeyword.body.data.list)).toEqual(['/user/mylist']);
    const byRole = await call(t.app, '/auth/permissions', { role: 'role_operator', pageSize: 100 }, { token: root });
    expect(keysOf(byRole.body.data.list)).toContain('/system/online-users');
    expect(keysOf(byRole.body.data.list)).not.toContain('/user/mylist');
  });

  it('names a key and describes it; the start-up sync then keeps that text', async () => {
    const updated = await call(
      t.app,
      '/auth/permission-update',
      { key: '/user/mylist', name: '组织架构列表', description: '查看本机构成员' },
      { token: root },
    );
    expect(updated.body.data).toMatchObject({
      key: '/user/mylist',
      name: '组织架构列表',
      description: '查看本机构成员',
    });
    await syncBuiltinAccess(t.deps.db);
    const again = await call(t.app, '/auth/permissions', { keyword: 'mylist' }, { token: root });
    expect(again.body.data.list[0]).toMatchObject({ name: '组织架构列表', description: '查看本机构成员' });
    expect(
      (await call(t.app, '/auth/permission-update', { key: '/no/such', name: 'x', description: 'y' }, { token: root }))
        .body.error,
    ).toBe('not_found');
    for (const input of [
      { key: '/user/mylist', name: '', description: 'y' },
      { key: '/user/mylist', name: 'x', description: ' ' },
    ]) {
      expect((await call(t.app, '/auth/permission-update', input, { token: root })).body.error).toBe('invalid_input');
    }
  });
});

describe('/auth/menus', () => {
  it('answers the menu catalogue with parents, order, titles and holders', async () => {
    const { body } = await call(t.app, '/auth/menus', {}, { token: root });
    const manager = body.data.modules.find((m) => m.key === 'module_info_manager')!;
    expect(manager.title).toBe('机构信息管理');
    const mylist = manager.routes.find((r) => r.name === 'user-mylist')!;
    expect(mylist).toMatchObject({
      path: '/user/mylist',
      title: '组织架构',
      parent: 'module_info_manager',
      in_menu: true,
      in_client: true,
    });
    expect(keysOf(mylist.roles)).toEqual(['role_manager', 'role_root']);
    expect(manager.routes.map((r) => r.sort)).toEqual(manager.routes.map((_: unknown, i: number) => i));
  });
});
