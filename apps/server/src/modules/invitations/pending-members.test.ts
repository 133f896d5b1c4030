import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupCode } from '../../testing/mail.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let manager: string;
let manager2: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  manager2 = await loginAs(t.app, 'manager2');
});
afterAll(() => t.close());

const { siteUsers, users, auditLogs } = schema;
let serial = 0;

/** A person signs up through a new invitation of the manager's organisation; answers their details. */
async function signUp(token: string, remarks = 'pending test') {
  const { body } = await call(t.app, '/invitation/create', { remarks }, { token });
  serial += 1;
  const person = {
    invitation: body.data.token,
    username: `newcomer_${serial}`,
    nickname: `Newcomer ${serial}`,
    email: `newcomer${serial}@example.com`,
    mobile: '13700000000',
    password: 'abc123',
  };
  const registered = await call(t.app, '/index/register', { ...person, code: await signupCode(t, person.email) });
  expect(registered.body.data).toMatchObject({ ok: true, pending: true });
  return person;
}

async function membershipOf(username: string, site = '示范学院') {
  const [row] = await t.deps.db
    .select({ id: siteUsers.id, status: siteUsers.status })
    .from(siteUsers)
    .innerJoin(users, eq(users.id, siteUsers.userId))
    .where(and(eq(users.username, username), eq(siteUsers.siteId, await siteIdByName(t, site))));
  return row;
}

const login = (person: { username: string; password: string }) =>
  call(t.app, '/index/login', { username: person.username, password: person.password });

describe('sign-up through a link, then approval', () => {
  it('the person waits, cannot log in, is approved, then logs in to the organisation', async () => {
    const person = await signUp(manager, 'Class of 2025');
    const refused = await login(person);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('no_membership');

    const pending = await call(t.app, '/user/pending-list', {}, { token: manager });
    const row = pending.body.data.list.find((r) => r.username === person.username)!;
    expect(row).toMatchObject({
      nickname: person.nickname,
      email: person.email,
      mobile: person.mobile,
      invitation_remarks: 'Class of 2025',
    });
    expect(row.id).toBe((await membershipOf(person.username))!.id);
    expect(Date.parse(row.joined_at)).toBeGreaterThan(Date.now() - 60_000);
    const members = await call(t.app, '/user/mylist', { status: 'pending' }, { token: manager });
    expect(members.body.data.list.map((m) => m.username)).toContain(person.username);

    const approved = await call(t.app, '/user/approve', { ids: [row.id] }, { token: manager });
    expect(approved.body.data).toEqual({ count: 1 });
    expect(await membershipOf(person.username)).toMatchObject({ status: 'active' });
    const after = await call(t.app, '/user/pending-list', {}, { token: manager });
    expect(after.body.data.list.map((r) => r.id)).not.toContain(row.id);

    const loggedIn = await login(person);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.data.site.name).toBe('示范学院');
    const detail = await call(t.app, '/user/detail', {}, { token: loggedIn.body.data.accessToken });
    expect(detail.body.data.user.site.name).toBe('示范学院');
    expect(detail.body.data.user.siteUser.current_role).toBe('role_student');

    const [audit] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'member_approve'), eq(auditLogs.targetId, String(row.id))));
    expect(audit).toMatchObject({ targetType: 'membership', siteId: await siteIdByName(t, '示范学院') });
    expect(audit!.details).toMatchObject({ before: { status: 'pending' }, after: { status: 'active' } });

    const twice = await call(t.app, '/user/approve', { ids: [row.id] }, { token: manager });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('conflict');
  });

  it('rejecting deletes the pending membership; the person still cannot log in', async () => {
    const person = await signUp(manager);
    const membership = await membershipOf(person.username);
    const rejected = await call(t.app, '/user/reject', { ids: [membership!.id] }, { token: manager });
    expect(rejected.body.data).toEqual({ count: 1 });
    expect(await membershipOf(person.username)).toBeUndefined();
    expect((await login(person)).body.error).toBe('no_membership');
    const pending = await call(t.app, '/user/pending-list', { pageSize: 100 }, { token: manager });
    expect(pending.body.data.list.map((r) => r.username)).not.toContain(person.username);
    const [audit] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'member_reject'), eq(auditLogs.targetId, String(membership!.id))));
    expect(audit!.details).toMatchObject({ before: { status: 'pending' }, after: null });
    expect((await call(t.app, '/user/reject', { ids: [membership!.id] }, { token: manager })).body.error).toBe(
      'not_found',
    );
  });

  it('approves and rejects in batches, all or nothing', async () => {
    const a = await signUp(manager);
    const b = await signUp(manager);
    const c = await signUp(manager);
    const ids = await Promise.all([a, b, c].map(async (p) => (await membershipOf(p.username))!.id));
    const active = (await membershipOf('student'))!.id;

    const mixed = await call(t.app, '/user/approve', { ids: [ids[0], active] }, { token: manager });
    expect(mixed.body.error).toBe('conflict');
    expect(await membershipOf(a.username)).toMatchObject({ status: 'pending' });

    const approved = await call(t.app, '/user/approve', { ids: [ids[0], ids[1], ids[0]] }, { token: manager });
    expect(approved.body.data).toEqual({ count: 2 });
    expect((await login(a)).status).toBe(200);
    expect((await login(b)).status).toBe(200);
    expect((await call(t.app, '/user/reject', { ids: [ids[2]] }, { token: manager })).body.data).toEqual({ count: 1 });
    expect(await membershipOf(c.username)).toBeUndefined();
  });

  it("another organisation's memberships answer not_found and stay pending", async () => {
    const galaxyPerson = await signUp(manager2);
    const galaxyMembership = (await membershipOf(galaxyPerson.username, '星河数据'))!;
    const own = await signUp(manager);
    const ownMembership = (await membershipOf(own.username))!;
    for (const path of ['/user/approve', '/user/reject'] as const) {
      const result = await call(t.app, path, { ids: [ownMembership.id, galaxyMembership.id] }, { token: manager });
      expect(result.status, path).toBe(404);
      expect(result.body.error, path).toBe('not_found');
    }
    expect(await membershipOf(galaxyPerson.username, '星河数据')).toMatchObject({ status: 'pending' });
    expect(await membershipOf(own.username)).toMatchObject({ status: 'pending' });
    const galaxyList = await call(t.app, '/user/pending-list', { pageSize: 100 }, { token: manager2 });
    expect(galaxyList.body.data.list.map((r) => r.username)).toEqual([galaxyPerson.username]);
    const demoList = await call(t.app, '/user/pending-list', { pageSize: 100 }, { token: manager });
    expect(demoList.body.data.list.map((r) => r.username)).not.toContain(galaxyPerson.username);
  });

  it('the pending list is paged, searched, and refuses bad ids', async () => {
    const person = await signUp(manager, 'searchable');
    const byKeyword = await call(
      t.app,
      '/user/pending-list',
      { keyword: person.email.toUpperCase() },
      { token: manager },
    );
    expect(byKeyword.body.data.list.map((r) => r.username)).toEqual([person.username]);
    const paged = await call(t.app, '/user/pending-list', { page: 1, pageSize: 10 }, { token: manager });
    expect(paged.body.data).toMatchObject({ page: 1, pageSize: 10 });
    expect(paged.body.data.total).toBe(paged.body.data.list.length);
    for (const ids of [[], [0], ['1'], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const result = await call(t.app, '/user/approve', { ids }, { token: manager });
      expect(result.body.error, JSON.stringify(ids).slice(0, 20)).toBe('invalid_input');
    }
    const student = await loginAs(t.app, 'student');
    expect((await call(t.app, '/user/approve', { ids: [1] }, { token: student })).body.error).toBe('forbidden');
  });
});
