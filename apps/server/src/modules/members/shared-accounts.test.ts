import { schema } from '@app/db';
import { DEMO_PASSWORD } from '@app/db/seed/demo.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSiteIds, sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

/**
 * The account rule across the two demo organisations: `manager` and `student` belong to 示范学院 and 星河数据,
 * `manager2` and `student2` to 星河数据 alone, `root` holds platform roles in 示范学院.
 */
let t: TestApp;
let manager2: string;
let sites: { siteId: number; otherSiteId: number };
beforeAll(async () => {
  t = await createTestApp();
  manager2 = await sessionFor(t, 'manager2');
  sites = await demoSiteIds(t);
});
afterAll(() => t.close());

const account = async (username: string) => {
  const [row] = await t.deps.db.select().from(schema.users).where(eq(schema.users.username, username));
  return row!;
};
const rolesIn = async (userId: number, siteId: number) => {
  const rows = await t.deps.db
    .select({ key: schema.siteUserRoles.roleKey })
    .from(schema.siteUserRoles)
    .innerJoin(schema.siteUsers, eq(schema.siteUsers.id, schema.siteUserRoles.siteUserId))
    .where(and(eq(schema.siteUsers.userId, userId), eq(schema.siteUsers.siteId, siteId)));
  return rows.map((r) => r.key).sort();
};
const auditsOn = async (userId: number, actions: string[]) =>
  t.deps.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.targetId, String(userId)), inArray(schema.auditLogs.action, actions)));

describe('an organisation cannot change an account it shares', () => {
  it("refuses to reset a shared account's password; the old password and sessions stay, nothing is audited", async () => {
    for (const username of ['manager', 'student']) {
      const before = await account(username);
      const open = await loginAs(t.app, username);
      for (const lang of ['en-US', 'zh-CN']) {
        const result = await call(
          t.app,
          '/user/reset-password',
          { user_id: before.id, password: 'Taken999' },
          { token: manager2, lang },
        );
        expect(result.status, username).toBe(403);
        expect(result.body.error).toBe('account_shared');
        expect(result.body.message).toMatch(lang === 'en-US' ? /only its holder/ : /只能由本人/);
      }
      expect((await account(username)).passwordHash).toBe(before.passwordHash);
      expect((await call(t.app, '/user/detail', {}, { token: open })).status, 'session still open').toBe(200);
      expect(await loginAs(t.app, username, DEMO_PASSWORD)).toBeTruthy();
      expect(await auditsOn(before.id, ['member_reset_password'])).toEqual([]);
    }
  });

  it('refuses a changed nickname, email or mobile of a shared account, but changes its roles here only', async () => {
    const student = await account('student');
    const same = { user_id: student.id, nickname: student.nickname, email: student.email ?? '', mobile: '' };
    for (const change of [{ nickname: 'Taken over' }, { email: 'thief@example.com' }, { mobile: '13912345678' }]) {
      const result = await call(
        t.app,
        '/user/update',
        { ...same, ...change, roles: ['role_student'] },
        { token: manager2 },
      );
      expect(result.status, JSON.stringify(change)).toBe(403);
      expect(result.body.error).toBe('account_shared');
    }
    const unchanged = await account('student');
    expect([unchanged.nickname, unchanged.email, unchanged.mobile]).toEqual([student.nickname, student.email, null]);

    const roles = await call(t.app, '/user/update', { ...same, roles: ['role_teacher'] }, { token: manager2 });
    expect(roles.status, JSON.stringify(roles.body)).toBe(200);
    expect(await rolesIn(student.id, sites.otherSiteId)).toEqual(['role_teacher']);
    expect(await rolesIn(student.id, sites.siteId)).toEqual(['role_student']);
  });

  it('has no tenant procedure that disables an account; the platform administrator still can', async () => {
    const student = await account('student');
    const refused = await call(
      t.app,
      '/user/set-status',
      { user_id: student.id, status: 'disabled' },
      { token: manager2 },
    );
    expect(refused.body.error).toBe('forbidden');
    expect((await account('student')).status).toBe('active');

    const root = await sessionFor(t, 'root');
    const disabled = await call(
      t.app,
      '/user/set-status',
      { user_id: student.id, status: 'disabled' },
      { token: root },
    );
    expect(disabled.status).toBe(200);
    expect((await call(t.app, '/index/login', { username: 'student', password: DEMO_PASSWORD })).body.error).toBe(
      'account_disabled',
    );
    await call(t.app, '/user/set-status', { user_id: student.id, status: 'active' }, { token: root });
    expect((await account('student')).status).toBe('active');
  });

  it('still resets and updates an account that belongs to this organisation alone', async () => {
    const student2 = await account('student2');
    const update = await call(
      t.app,
      '/user/update',
      { user_id: student2.id, nickname: 'Renamed Two', email: 'two@example.com', roles: ['role_student'] },
      { token: manager2 },
    );
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect((await account('student2')).email).toBe('two@example.com');
    const reset = await call(
      t.app,
      '/user/reset-password',
      { user_id: student2.id, password: 'NewPass99' },
      { token: manager2 },
    );
    expect(reset.status).toBe(200);
    expect(await loginAs(t.app, 'student2', 'NewPass99')).toBeTruthy();
  });

  it("treats a platform role holder's account as shared: its platform roles stay and its membership is kept", async () => {
    const manager = await sessionFor(t, 'manager');
    const root = await account('root');
    const reset = await call(
      t.app,
      '/user/reset-password',
      { user_id: root.id, password: 'Taken999' },
      { token: manager },
    );
    expect(reset.body.error).toBe('account_shared');
    const roles = await call(
      t.app,
      '/user/update',
      { user_id: root.id, nickname: root.nickname, email: root.email ?? '', roles: ['role_teacher'] },
      { token: manager },
    );
    expect(roles.status, JSON.stringify(roles.body)).toBe(200);
    expect(await rolesIn(root.id, sites.siteId)).toEqual(['role_operator', 'role_root', 'role_teacher']);
    expect((await call(t.app, '/user/delete', { user_id: root.id }, { token: manager })).body.error).toBe(
      'role_not_held',
    );
    expect(await loginAs(t.app, 'root')).toBeTruthy();
  });
});

describe('what an organisation sees of a shared member', () => {
  it('shows no other organisation and no sign-in made there', async () => {
    const student = await account('student');
    // A sign-in to 示范学院, then one to 星河数据 (the login opens the current organisation).
    const token = await loginAs(t.app, 'student');
    const change = await call(t.app, '/user/change-site', { site_id: sites.otherSiteId }, { token });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    await loginAs(t.app, 'student');
    const signIns = await t.deps.db
      .select({ siteId: schema.auditLogs.siteId })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.userId, student.id), inArray(schema.auditLogs.action, ['login'])));
    expect(signIns.some((s) => s.siteId === sites.siteId)).toBe(true);
    const here = signIns.filter((s) => s.siteId === sites.otherSiteId).length;
    expect(here).toBeGreaterThan(0);

    const detail = await call(t.app, '/user/member-detail', { user_id: student.id }, { token: manager2 });
    expect(detail.status).toBe(200);
    expect(detail.body.data.account_shared).toBe(true);
    expect(detail.body.data.login_records).toHaveLength(here);
    const text = JSON.stringify(detail.body.data);
    expect(text).not.toContain('示范学院');
    expect(text).not.toContain('Demo Academy');
    expect(text).not.toContain(`"site_id":${sites.siteId}`);

    const sole = await call(
      t.app,
      '/user/member-detail',
      { user_id: (await account('student2')).id },
      { token: manager2 },
    );
    expect(sole.body.data.account_shared).toBe(false);

    const list = await call(t.app, '/user/mylist', { pageSize: 100 }, { token: manager2 });
    const shared = Object.fromEntries(list.body.data.list.map((row) => [row.username, row.account_shared]));
    expect(shared).toMatchObject({ manager: true, student: true, manager2: false, student2: false });
    expect(JSON.stringify(list.body.data)).not.toContain('示范学院');
  });
});
