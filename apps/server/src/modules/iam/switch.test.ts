import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const menusOf = async (token: string) =>
  Object.keys((await call(t.app, '/user/detail', {}, { token })).body.data.user.auth_menus);

describe('/user/detail', () => {
  it("answers the shell's user, settings and organisations", async () => {
    const token = await loginAs(t.app, 'student');
    const { body } = await call(t.app, '/user/detail', {}, { token });
    expect(body.data.user).toMatchObject({
      username: 'student',
      nickname: '张同学',
      site: { name: '示范学院', open_chatgpt: '0' },
    });
    expect(body.data.settings).toEqual({ help_url: '', open_webrtc: '0', showCdkey: '1', open_audit_edit: '1' });
    expect(body.data.userSites.map((s) => s.site.name)).toEqual(['示范学院', '星河数据']);
    expect(body.data.user.can_change_roles).toEqual({ role_student: '学生' });
  });

  it('gives the manager the manager modules and not the platform ones', async () => {
    const menus = await menusOf(await loginAs(t.app, 'manager'));
    expect(menus).toContain('user-mylist');
    expect(menus).not.toContain('system-role');
    expect(menus).not.toContain('trainingcamp-mywrong');
  });

  it("lists the current role's permission keys, so pages offer only what the caller may do", async () => {
    const permissionsOf = async (username: string) =>
      (await call(t.app, '/user/detail', {}, { token: await loginAs(t.app, username) })).body.data.user.permissions;
    const annotator = await permissionsOf('annotator');
    expect(annotator).toContain('/task/claim');
    expect(annotator).not.toContain('/task/list');
    expect(await permissionsOf('teamadmin')).toContain('/task/list');
    // What the list says is what the server lets the caller do.
    const token = await loginAs(t.app, 'annotator');
    expect((await call(t.app, '/task/list', {}, { token })).body.error).toBe('forbidden');
  });
});

describe('/user/change-role', () => {
  it('switches to a held role and changes the menus; refuses a role not held', async () => {
    const token = await loginAs(t.app, 'manager');
    expect(await menusOf(token)).toContain('user-mylist');
    expect((await call(t.app, '/user/change-role', { rolename: 'role_teacher' }, { token })).body.data).toEqual({
      ok: true,
    });
    const teacherMenus = await menusOf(token);
    expect(teacherMenus).toContain('course-teacher-list');
    expect(teacherMenus).not.toContain('user-mylist');
    const refused = await call(t.app, '/user/change-role', { rolename: 'role_root' }, { token, lang: 'en-US' });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'role_not_held', message: 'You do not hold this role' },
    });
  });
});

describe('/user/change-site', () => {
  it("switches to the user's other organisation; another organisation is not found", async () => {
    const token = await loginAs(t.app, 'student');
    const galaxy = await siteIdByName(t, '星河数据');
    expect((await call(t.app, '/user/change-site', { site_id: galaxy }, { token })).body.data).toEqual({ ok: true });
    const detail = await call(t.app, '/user/detail', {}, { token, lang: 'en-US' });
    expect(detail.body.data.user.site.name).toBe('Galaxy Data');
    const teacherToken = await loginAs(t.app, 'teacher');
    const refused = await call(t.app, '/user/change-site', { site_id: galaxy }, { token: teacherToken });
    expect(refused).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('a closed organisation: its members cannot log in to it, and nobody switches to it', async () => {
    const galaxy = await siteIdByName(t, '星河数据');
    await t.deps.db.update(schema.sites).set({ status: 'closed' }).where(eq(schema.sites.id, galaxy));
    try {
      expect((await call(t.app, '/index/login', { username: 'manager2', password: 'Demo1234' })).body.error).toBe(
        'site_closed',
      );
      const token = await loginAs(t.app, 'student');
      const detail = await call(t.app, '/user/detail', {}, { token });
      expect(detail.body.data.user.site.name).toBe('示范学院');
      expect(detail.body.data.userSites).toHaveLength(1);
      expect((await call(t.app, '/user/change-site', { site_id: galaxy }, { token })).body.error).toBe('site_closed');
    } finally {
      await t.deps.db.update(schema.sites).set({ status: 'open' }).where(eq(schema.sites.id, galaxy));
    }
  });
});
