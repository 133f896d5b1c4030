import { schema } from '@app/db';
import { DEMO_PASSWORD } from '@app/db/seed/demo.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';
import { listenForSockets, openSocket, type WsClient, waitFor } from '../../testing/ws-client.ts';
import { maskMobile } from './update-mobile.service.ts';

let t: TestApp;
let operator: string;
let first: number;
let second: number;
beforeAll(async () => {
  t = await createTestApp();
  operator = await loginAs(t.app, 'operator');
  first = await siteIdByName(t, '示范学院');
  second = await siteIdByName(t, '星河数据');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

describe('/user/list and /user/form', () => {
  it('lists every account of the platform with filters, for platform roles only', async () => {
    const all = await call(t.app, '/user/list', { pageSize: 100 }, { token: operator });
    expect(all.status).toBe(200);
    const [users] = await t.deps.db.select({ n: schema.users.id }).from(schema.users).limit(1);
    expect(users).toBeDefined();
    const student = all.body.data.list.find((u) => u.username === 'student');
    expect(student).toMatchObject({ nickname: '张同学', status: 'active' });
    expect(student?.organisations).toBeGreaterThanOrEqual(2);
    const byKeyword = await call(t.app, '/user/list', { keyword: 'student2' }, { token: operator });
    expect(byKeyword.body.data.list.map((u) => u.username)).toEqual(['student2']);
    const bySite = await call(t.app, '/user/list', { site_id: second, pageSize: 100 }, { token: operator });
    const names = bySite.body.data.list.map((u) => u.username);
    expect(names).toContain('manager2');
    expect(names).not.toContain('teacher');
    const inRange = await call(t.app, '/user/list', { from: today(), to: today() }, { token: operator });
    expect(inRange.body.data.total).toBe(all.body.data.total);
    const before = await call(t.app, '/user/list', { to: '2000-01-01' }, { token: operator });
    expect(before.body.data.total).toBe(0);
    const disabled = await call(t.app, '/user/list', { status: 'disabled' }, { token: operator });
    expect(disabled.body.data.total).toBe(0);
    const form = await call(t.app, '/user/form', {}, { token: operator });
    expect(form.body.data.statuses).toEqual(['active', 'disabled']);
    expect(form.body.data.sites.map((s) => s.id)).toEqual(expect.arrayContaining([first, second]));
    const denied = await call(t.app, '/user/list', {}, { token: await sessionFor(t, 'manager') });
    expect(denied.status).toBe(403);
  });
});

describe('/user/set-status, /user/records and /user/platform-detail', () => {
  it('disables an account, ending its sessions, records it, and enables it again', async () => {
    const studentToken = await loginAs(t.app, 'student2');
    const id = await userIdOf('student2');
    const off = await call(t.app, '/user/set-status', { user_id: id, status: 'disabled' }, { token: operator });
    expect(off.status).toBe(200);
    expect((await call(t.app, '/user/detail', {}, { token: studentToken })).status).toBe(401);
    const login = await call(t.app, '/index/login', { username: 'student2', password: DEMO_PASSWORD });
    expect(login.body.error).toBe('account_disabled');
    const records = await call(t.app, '/user/records', { user_id: id }, { token: operator });
    expect(records.body.data.list).toContainEqual(
      expect.objectContaining({
        action: 'user_set_status',
        kind: 'target',
        actor_username: 'operator',
      }),
    );
    expect(records.body.data.list.some((r) => r.action === 'login' && r.kind === 'self')).toBe(true);
    const detail = await call(t.app, '/user/platform-detail', { user_id: id }, { token: operator });
    expect(detail.body.data.info).toMatchObject({ username: 'student2', status: 'disabled' });
    expect(detail.body.data.organisations).toEqual([
      expect.objectContaining({ site_id: second, roles: ['role_student'], current_role: 'role_student' }),
    ]);
    expect(detail.body.data.records.map((r) => r.action)).toContain('user_set_status');
    const on = await call(t.app, '/user/set-status', { user_id: id, status: 'active' }, { token: operator });
    expect(on.status).toBe(200);
    expect((await call(t.app, '/user/list', { status: 'disabled' }, { token: operator })).body.data.total).toBe(0);
    await loginAs(t.app, 'student2');
  });

  it('refuses to disable oneself and unknown accounts', async () => {
    const self = await call(
      t.app,
      '/user/set-status',
      { user_id: await userIdOf('operator'), status: 'disabled' },
      { token: operator },
    );
    expect(self.status).toBe(409);
    expect(self.body.error).toBe('cannot_remove_self');
    const missing = await call(t.app, '/user/set-status', { user_id: 999999, status: 'disabled' }, { token: operator });
    expect(missing.status).toBe(404);
    const detail = await call(t.app, '/user/platform-detail', { user_id: 999999 }, { token: operator });
    expect(detail.status).toBe(404);
  });
});

describe('statistics', () => {
  it('buckets accounts by sign-ins in the last 30 days and lists new accounts per day', async () => {
    const sections = await call(t.app, '/user/stat-by-star-section', {}, { token: operator });
    const list: { section: string; users: number }[] = sections.body.data.list;
    expect(list.map((s) => s.section)).toEqual(['0', '1-5', '6-20', '21+']);
    const total = (await call(t.app, '/user/list', {}, { token: operator })).body.data.total;
    expect(list.reduce((sum, s) => sum + s.users, 0)).toBe(total);
    expect(list[1]!.users).toBeGreaterThanOrEqual(1);
    const days = await call(t.app, '/user/user-stat-day-list', { from: today(), to: today() }, { token: operator });
    const same = await call(t.app, '/system/user-stat-day-list', { from: today(), to: today() }, { token: operator });
    expect(days.body.data).toEqual(same.body.data);
    expect(days.body.data.list[0]!.new_users).toBe(total);
  });

  it('shows the mail outbox state', async () => {
    await t.deps.db.insert(schema.mailOutbox).values({ toAddress: 'a@example.com', subject: 's', body: 'b' });
    const stat = await call(t.app, '/system/mq-stat', {}, { token: operator });
    expect(stat.status).toBe(200);
    expect(stat.body.data.outbox).toContainEqual({ status: 'pending', count: expect.any(Number) });
    expect(stat.body.data.oldest_pending_seconds).toBeGreaterThanOrEqual(0);
  });
});

describe('/system/ws-stat and /system/online-users-all', () => {
  it('count and list the users with an open socket, per organisation', async () => {
    const url = await listenForSockets(t.app);
    const clients: WsClient[] = [];
    try {
      for (const username of ['teacher', 'manager2']) {
        const client = await openSocket(url, { token: await loginAs(t.app, username) });
        clients.push(client);
        await client.heartbeat();
      }
      const stat = await waitFor(
        () => call(t.app, '/system/ws-stat', {}, { token: operator }),
        (r) => r.body.data?.users === 2,
      );
      expect(stat.body.data.sockets).toBe(2);
      expect(stat.body.data.sites).toEqual(
        expect.arrayContaining([
          { site_id: first, site_name: '示范学院', users: 1 },
          { site_id: second, site_name: '星河数据', users: 1 },
        ]),
      );
      // The teacher opens a second tab: one user, two sockets.
      const secondTab = await openSocket(url, { token: await loginAs(t.app, 'teacher') });
      clients.push(secondTab);
      await secondTab.heartbeat();
      const all = await call(t.app, '/system/online-users-all', {}, { token: operator, lang: 'en-US' });
      expect(all.body.data).toMatchObject({ users: 2, sockets: 3, total: 2, page: 1 });
      const [teacher, manager2] = [...all.body.data.list].sort((a, b) => b.username.localeCompare(a.username));
      expect(teacher).toMatchObject({
        username: 'teacher',
        site_name: 'Demo Academy',
        role_name: 'Teacher',
        sockets: 2,
      });
      expect(manager2).toMatchObject({ username: 'manager2', site_id: second, sockets: 1 });
      expect(Date.now() - Date.parse(teacher?.since ?? '')).toBeLessThan(60_000);
      const paged = await call(
        t.app,
        '/system/online-users-all',
        { page: 2, pageSize: 10, keyword: 'teach' },
        { token: operator },
      );
      expect(paged.body.data).toMatchObject({ total: 1, list: [] });
      const found = await call(t.app, '/system/online-users-all', { keyword: 'teach' }, { token: operator });
      expect(found.body.data.list.map((u) => u.username)).toEqual(['teacher']);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});

describe('self-service', () => {
  it('changes and reads the caller’s masked mobile; a taken one is refused', async () => {
    const teacher = await sessionFor(t, 'teacher');
    const changed = await call(t.app, '/user/update-mobile', { mobile: '13800001234' }, { token: teacher });
    expect(changed.status).toBe(200);
    const masked = await call(t.app, '/user/get-user-mobile', {}, { token: teacher });
    expect(masked.body.data).toEqual({ mobile: '138****1234' });
    const taken = await call(
      t.app,
      '/user/update-mobile',
      { mobile: '13800001234' },
      { token: await sessionFor(t, 'student') },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('mobile_taken');
    expect(maskMobile(null)).toBeNull();
  });

  it('/user/index names the dashboard of the current role', async () => {
    const platform = await call(t.app, '/user/index', {}, { token: operator });
    expect(platform.body.data).toEqual({
      module: 'module_platform',
      route_name: 'home_platform',
      path: '/home_platform',
    });
    const manager = await call(t.app, '/user/index', {}, { token: await sessionFor(t, 'manager') });
    expect(manager.body.data.module).toBe('module_info_manager');
    expect(manager.body.data.path).not.toBe('/');
  });
});
