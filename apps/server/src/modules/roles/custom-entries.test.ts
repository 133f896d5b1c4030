import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';
import { syncBuiltinAccess } from '../iam/index.ts';

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await loginAs(t.app, 'root');
});
afterAll(() => t.close());

const roleDetail = async (key: string) => (await call(t.app, '/auth/role-detail', { key }, { token: root })).body.data;

/** Updates a role with its grants changed by `change`, keeping the rest. */
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

const auditOf = (targetType: string, targetId: string) =>
  t.deps.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.targetType, targetType), eq(schema.auditLogs.targetId, targetId)))
    .orderBy(asc(schema.auditLogs.id));

const permissionRow = async (key: string) =>
  (await call(t.app, '/auth/permissions', { keyword: key, pageSize: 100 }, { token: root })).body.data.list.find(
    (row) => row.key === key,
  );

const menuRoute = async (name: string, lang = 'en-US') => {
  const modules = (await call(t.app, '/auth/menus', {}, { token: root, lang })).body.data.modules;
  for (const module of modules) {
    const route = module.routes.find((r) => r.name === name);
    if (route) return { module: module.key, route };
  }
  return undefined;
};

const detailOf = async (token: string, lang = 'en-US') =>
  (await call(t.app, '/user/detail', {}, { token, lang })).body.data.user;

describe('custom permission keys', () => {
  const key = 'custom:export-reports';

  it('creates a custom key held by the super administrator, listed as custom, and audits it', async () => {
    const created = await call(
      t.app,
      '/auth/permission-create',
      { key, name: ' Export reports ', description: 'May export the monthly reports' },
      { token: root },
    );
    expect(created.body.data).toEqual({
      key,
      name: 'Export reports',
      description: 'May export the monthly reports',
      custom: true,
    });
    const row = await permissionRow(key);
    expect(row).toMatchObject({ key, custom: true, platform: false, roles: [{ key: 'role_root' }] });
    expect((await permissionRow('/user/list'))?.custom).toBe(false);
    expect((await roleDetail('role_root')).permissions).toContain(key);
    const audit = await auditOf('permission', key);
    expect(audit.map((a) => a.action)).toEqual(['permission_create']);
    expect(audit[0]!.details).toMatchObject({ before: null, after: { name: 'Export reports' } });
  });

  it('refuses a key that is not custom:<slug>, a taken key, and a missing name or description', async () => {
    for (const bad of ['/user/list', 'custom:', 'Custom:x', 'custom:Upper', 'reports', `custom:${'x'.repeat(70)}`]) {
      const answer = await call(
        t.app,
        '/auth/permission-create',
        { key: bad, name: 'n', description: 'd' },
        { token: root },
      );
      expect(answer.body.error, bad).toBe('invalid_input');
    }
    for (const input of [
      { key: 'custom:a', name: '', description: 'd' },
      { key: 'custom:a', name: 'n', description: '  ' },
      { key: 'custom:a', name: 'x'.repeat(129), description: 'd' },
    ]) {
      expect((await call(t.app, '/auth/permission-create', input, { token: root })).body.error).toBe('invalid_input');
    }
    const again = await call(t.app, '/auth/permission-create', { key, name: 'n', description: 'd' }, { token: root });
    expect(again).toMatchObject({ status: 409, body: { error: 'permission_key_taken' } });
  });

  it('is renamed like any key, granted to roles, and survives the start-up sync', async () => {
    const renamed = await call(
      t.app,
      '/auth/permission-update',
      { key, name: 'Report export', description: 'Exports reports' },
      { token: root },
    );
    expect(renamed.body.data).toMatchObject({ key, name: 'Report export', custom: true });
    expect((await editRole('role_manager', (g) => ({ ...g, permissions: [...g.permissions, key] }))).status).toBe(200);
    expect((await roleDetail('role_manager')).permissions).toContain(key);
    const form = await call(t.app, '/auth/role-form', {}, { token: root });
    expect(form.body.data.permissions.find((p) => p.key === key)).toMatchObject({
      custom: true,
      grantable: true,
    });
    await syncBuiltinAccess(t.deps.db);
    expect(await permissionRow(key)).toMatchObject({
      name: 'Report export',
      roles: [{ key: 'role_manager' }, { key: 'role_root' }],
    });
  });

  it('refuses an unknown key in a role and a custom key the granting role does not hold', async () => {
    const unknown = await editRole('role_manager', (g) => ({ ...g, permissions: [...g.permissions, 'custom:nope'] }));
    expect(unknown.body.error).toBe('invalid_input');
    const operator = await holdAdminRole();
    const refused = await call(
      t.app,
      '/auth/role-create',
      { key: 'role_reports', name: 'Reports', description: 'Reports', permissions: [key], menus: [] },
      { token: operator },
    );
    expect(refused).toMatchObject({ status: 403, body: { details: { not_held: { permissions: [key] } } } });
  });

  it('deletes only custom keys, taking them from every role, and audits it', async () => {
    const builtin = await call(t.app, '/auth/permission-delete', { key: '/user/list' }, { token: root });
    expect(builtin).toMatchObject({ status: 409, body: { error: 'permission_builtin' } });
    const unknown = await call(t.app, '/auth/permission-delete', { key: 'custom:nope' }, { token: root });
    expect(unknown.body.error).toBe('not_found');
    const deleted = await call(t.app, '/auth/permission-delete', { key }, { token: root });
    expect(deleted.body.data).toEqual({ ok: true, roles: ['role_manager', 'role_root'] });
    expect(await permissionRow(key)).toBeUndefined();
    expect((await roleDetail('role_manager')).permissions).not.toContain(key);
    const audit = await auditOf('permission', key);
    expect(audit.map((a) => a.action)).toEqual(['permission_create', 'permission_update', 'permission_delete']);
    expect(audit[2]!.details).toMatchObject({ before: { roles: ['role_manager', 'role_root'] }, after: null });
  });
});

/** The operator gets a platform role that may administer roles but holds no custom key or entry. */
let adminSession: string | undefined;
async function holdAdminRole(): Promise<string> {
  if (adminSession) return adminSession;
  const created = await call(
    t.app,
    '/auth/role-create',
    {
      key: 'role_access_admin',
      name: 'Access admin',
      description: 'Administers roles',
      platform: true,
      permissions: ['/auth/role-create', '/auth/role-update', '/auth/role-form', '/user/list'],
      menus: ['system-role'],
    },
    { token: root },
  );
  expect(created.status).toBe(200);
  const siteId = await siteIdByName(t, '示范学院');
  const [membership] = await t.deps.db
    .select({ id: schema.siteUsers.id })
    .from(schema.siteUsers)
    .innerJoin(schema.users, eq(schema.users.id, schema.siteUsers.userId))
    .where(and(eq(schema.users.username, 'operator'), eq(schema.siteUsers.siteId, siteId)));
  await t.deps.db
    .insert(schema.siteUserRoles)
    .values({ siteUserId: membership!.id, siteId, roleKey: 'role_access_admin' });
  await t.deps.db
    .update(schema.siteUsers)
    .set({ currentRole: 'role_access_admin' })
    .where(eq(schema.siteUsers.id, membership!.id));
  adminSession = await sessionFor(t, 'operator');
  return adminSession;
}

describe('menu entries', () => {
  let link = '';

  it('creates an outside link under a module, held by the super administrator, and audits it', async () => {
    const created = await call(
      t.app,
      '/auth/menu-create',
      {
        parent: 'module_info_manager',
        sort: 0,
        title_zh: '校园网',
        title_en: 'Campus site',
        url: 'https://example.edu/',
      },
      { token: root },
    );
    expect(created.body.data).toMatchObject({
      parent: 'module_info_manager',
      sort: 0,
      title_zh: '校园网',
      title_en: 'Campus site',
      url: 'https://example.edu/',
      custom: true,
      in_menu: true,
    });
    link = created.body.data.name;
    expect(link).toMatch(/^custom-[0-9a-f]{8}$/);
    expect(await menuRoute(link)).toMatchObject({
      module: 'module_info_manager',
      route: { title: 'Campus site', custom: true, in_client: false, roles: [{ key: 'role_root' }] },
    });
    const rootDetail = await detailOf(root, 'zh-CN');
    expect(rootDetail.auth_menus[link]).toBe('校园网');
    expect(rootDetail.menu_layout).toContainEqual(
      expect.objectContaining({ name: link, url: 'https://example.edu/', parent: 'module_info_manager' }),
    );
    expect((await auditOf('menu_entry', link)).map((a) => a.action)).toEqual(['menu_create']);
  });

  it('requires both titles, an http(s) address and a module of the catalogue', async () => {
    const good = { parent: 'module_platform', sort: 1, title_zh: '链接', title_en: 'Link', url: 'http://a.example' };
    for (const change of [
      { title_zh: '' },
      { title_en: ' ' },
      { url: 'ftp://a.example' },
      { url: 'javascript:alert(1)' },
      { url: '' },
      { parent: 'module_nope' },
      { sort: -1 },
      { title_en: 'x'.repeat(65) },
    ]) {
      const answer = await call(t.app, '/auth/menu-create', { ...good, ...change }, { token: root });
      expect(answer.body.error, JSON.stringify(change)).toBe('invalid_input');
    }
  });

  it("is granted to a role and shows in that role's menu at once, with its link", async () => {
    const manager = await loginAs(t.app, 'manager');
    expect((await detailOf(manager)).auth_menus[link]).toBeUndefined();
    expect((await editRole('role_manager', (g) => ({ ...g, menus: [...g.menus, link] }))).status).toBe(200);
    const detail = await detailOf(manager);
    expect(detail.auth_menus[link]).toBe('Campus site');
    expect(detail.menu_layout).toEqual([
      {
        name: link,
        parent: 'module_info_manager',
        sort: 0,
        title_zh: '校园网',
        title_en: 'Campus site',
        url: 'https://example.edu/',
        in_menu: true,
      },
    ]);
    const form = await call(t.app, '/auth/role-form', {}, { token: root });
    const module = form.body.data.modules.find((m) => m.key === 'module_info_manager');
    expect(module?.routes.find((r) => r.name === link)).toMatchObject({
      custom: true,
      grantable: true,
    });
  });

  it('a role may not be given an entry its granting role does not hold', async () => {
    const operator = await holdAdminRole();
    const refused = await call(
      t.app,
      '/auth/role-create',
      { key: 'role_links', name: 'Links', description: 'Links', permissions: [], menus: [link] },
      { token: operator },
    );
    expect(refused).toMatchObject({ status: 403, body: { details: { not_held: { menus: [link] } } } });
  });

  it('overrides a catalogue route: parent module, sort and titles, shown in menus and the user detail', async () => {
    const updated = await call(
      t.app,
      '/auth/menu-update',
      { name: 'user-mylist', parent: 'module_platform', sort: 7, title_zh: '人员', title_en: 'People' },
      { token: root },
    );
    expect(updated.body.data).toMatchObject({
      name: 'user-mylist',
      parent: 'module_platform',
      sort: 7,
      title_en: 'People',
      custom: false,
      overridden: true,
      url: null,
    });
    expect(await menuRoute('user-mylist')).toMatchObject({ module: 'module_platform', route: { title: 'People' } });
    const manager = await loginAs(t.app, 'manager');
    const detail = await detailOf(manager);
    expect(detail.auth_menus['user-mylist']).toBe('People');
    expect(detail.menu_layout).toContainEqual(
      expect.objectContaining({ name: 'user-mylist', parent: 'module_platform', sort: 7, url: null }),
    );
    const emptyTitles = await call(
      t.app,
      '/auth/menu-update',
      { name: 'user-mylist', parent: 'module_info_manager', sort: 2, title_zh: '', title_en: '' },
      { token: root },
    );
    // Empty titles keep the catalogue's translations.
    expect(emptyTitles.body.data).toMatchObject({ parent: 'module_info_manager', sort: 2, overridden: true });
    expect(emptyTitles.body.data.title_en).not.toBe('People');
    expect((await detailOf(manager, 'en-US')).auth_menus['user-mylist']).toBe(emptyTitles.body.data.title_en);
  });

  it('refuses a url on a catalogue route, empty titles on a custom entry, and unknown entries', async () => {
    const withUrl = await call(
      t.app,
      '/auth/menu-update',
      { name: 'user-mylist', parent: 'module_info_manager', sort: 1, url: 'https://x.example' },
      { token: root },
    );
    expect(withUrl.body).toMatchObject({ error: 'invalid_input', details: { fields: [{ field: 'url' }] } });
    const noTitle = await call(
      t.app,
      '/auth/menu-update',
      { name: link, parent: 'module_info_manager', sort: 1, title_zh: '', title_en: 'Campus' },
      { token: root },
    );
    expect(noTitle.body).toMatchObject({ error: 'invalid_input', details: { fields: [{ field: 'title_zh' }] } });
    const unknown = await call(
      t.app,
      '/auth/menu-update',
      { name: 'custom-00000000', parent: 'module_platform', sort: 1, title_zh: 'a', title_en: 'b' },
      { token: root },
    );
    expect(unknown.body.error).toBe('not_found');
    const moved = await call(
      t.app,
      '/auth/menu-update',
      {
        name: link,
        parent: 'module_platform',
        sort: 3,
        title_zh: '官网',
        title_en: 'Website',
        url: 'http://b.example',
      },
      { token: root },
    );
    expect(moved.body.data).toMatchObject({ parent: 'module_platform', url: 'http://b.example', title_en: 'Website' });
  });

  it('deletes an override (the route stays) and a custom entry with its grants, and audits each write', async () => {
    const override = await call(t.app, '/auth/menu-delete', { name: 'user-mylist' }, { token: root });
    expect(override.body.data).toEqual({ ok: true, removed: 'override' });
    expect(await menuRoute('user-mylist')).toMatchObject({
      module: 'module_info_manager',
      route: { overridden: false },
    });
    const again = await call(t.app, '/auth/menu-delete', { name: 'user-mylist' }, { token: root });
    expect(again.body.error).toBe('not_found');
    const entry = await call(t.app, '/auth/menu-delete', { name: link }, { token: root });
    expect(entry.body.data).toEqual({ ok: true, removed: 'entry' });
    expect(await menuRoute(link)).toBeUndefined();
    expect((await roleDetail('role_manager')).menus).not.toContain(link);
    const manager = await loginAs(t.app, 'manager');
    expect((await detailOf(manager)).auth_menus[link]).toBeUndefined();
    expect((await auditOf('menu_entry', link)).map((a) => a.action)).toEqual([
      'menu_create',
      'menu_update',
      'menu_delete',
    ]);
    expect((await auditOf('menu_entry', 'user-mylist')).map((a) => a.action)).toEqual([
      'menu_update',
      'menu_update',
      'menu_delete',
    ]);
  });
});
