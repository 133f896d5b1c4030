import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
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

const HOUR = 3600_000;
const { invitations, auditLogs } = schema;

async function create(token: string, remarks = '') {
  const { status, body } = await call(t.app, '/invitation/create', { remarks }, { token });
  expect(status).toBe(200);
  return body.data;
}

function signupOf(invitation: string, n: number) {
  return {
    invitation,
    username: `joiner_${n}`,
    nickname: `Joiner ${n}`,
    email: `joiner${n}@example.com`,
    code: '000000',
    mobile: '13800000000',
    password: 'abc123',
  };
}

/** The sign-up with the code mailed to its address. */
async function withCode(signup: ReturnType<typeof signupOf>) {
  return { ...signup, code: await signupCode(t, signup.email) };
}

async function auditOf(id: number) {
  return t.deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetType, 'invitation'), eq(auditLogs.targetId, String(id))))
    .orderBy(asc(auditLogs.id));
}

describe('/invitation/create and /invitation/detail', () => {
  it('makes a random link in use for 48 hours, by the caller, with the remarks, and audits it', async () => {
    const before = Date.now();
    const created = await create(manager, '  Spring class  ');
    expect(created).toMatchObject({
      remarks: 'Spring class',
      visits: 0,
      signups: 0,
      status: 'using',
      expired: false,
      creator_nickname: '王校长',
    });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.link).toBe(`/register/${created.token}`);
    const lasts = Date.parse(created.expires_at) - before;
    expect(lasts).toBeGreaterThanOrEqual(48 * HOUR - 1000);
    expect(lasts).toBeLessThanOrEqual(48 * HOUR + 5000);
    const other = await create(manager);
    expect(other.token).not.toBe(created.token);

    const detail = await call(t.app, '/invitation/detail', { id: created.id }, { token: manager });
    expect(detail.body.data).toEqual(created);
    const [row] = await t.deps.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(row!.siteId).toBe(await siteIdByName(t, '示范学院'));
    const audit = await auditOf(created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'invitation_create', siteId: row!.siteId });
    expect(audit[0]!.details).toMatchObject({ before: null, after: { status: 'using', remarks: 'Spring class' } });
  });

  it('refuses remarks over 255 characters and changes nothing', async () => {
    const { count } = await countInvitations();
    const tooLong = await call(t.app, '/invitation/create', { remarks: 'r'.repeat(256) }, { token: manager });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('invalid_input');
    expect((await countInvitations()).count).toBe(count);
    expect((await call(t.app, '/invitation/create', { remarks: 'r'.repeat(255) }, { token: manager })).status).toBe(
      200,
    );
  });

  it('the form says how long a link lasts', async () => {
    const { body } = await call(t.app, '/invitation/form', {}, { token: manager });
    expect(body.data).toEqual({ validity_hours: 48, remarks_max: 255, email_lines_max: 200 });
  });
});

async function countInvitations() {
  const rows = await t.deps.db.select({ id: invitations.id }).from(invitations);
  return { count: rows.length };
}

describe('/invitation/list', () => {
  it("lists only the caller organisation's invitations, newest first, paged, searched and filtered", async () => {
    const fresh = await createTestApp();
    try {
      const token = await loginAs(fresh.app, 'manager');
      const other = await loginAs(fresh.app, 'manager2');
      const made: number[] = [];
      for (let i = 1; i <= 12; i++) {
        const { body } = await call(fresh.app, '/invitation/create', { remarks: `batch ${i}` }, { token });
        made.push(body.data.id);
      }
      await call(fresh.app, '/invitation/create', { remarks: 'galaxy only' }, { token: other });

      const first = await call(fresh.app, '/invitation/list', { page: 1, pageSize: 10 }, { token });
      expect(first.body.data).toMatchObject({ total: 12, page: 1, pageSize: 10 });
      expect(first.body.data.list.map((r) => r.remarks)).toEqual(
        [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `batch ${i}`),
      );
      const second = await call(fresh.app, '/invitation/list', { page: 2, pageSize: 10 }, { token });
      expect(second.body.data.list.map((r) => r.remarks)).toEqual(['batch 2', 'batch 1']);
      const galaxy = await call(fresh.app, '/invitation/list', {}, { token: other });
      expect(galaxy.body.data.list.map((r) => r.remarks)).toEqual(['galaxy only']);

      const byKeyword = await call(fresh.app, '/invitation/list', { keyword: 'BATCH 1' }, { token });
      expect(byKeyword.body.data.list.map((r) => r.remarks)).toEqual(['batch 12', 'batch 11', 'batch 10', 'batch 1']);
      expect((await call(fresh.app, '/invitation/list', { keyword: '%' }, { token })).body.data.total).toBe(0);

      await call(fresh.app, '/invitation/stop-using', { id: made[0] }, { token });
      await fresh.deps.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, made[1]!));
      const ids = async (status: string) =>
        (await call(fresh.app, '/invitation/list', { status, pageSize: 20 }, { token })).body.data.list.map(
          (r) => r.id,
        );
      expect(await ids('stopped')).toEqual([made[0]]);
      expect(await ids('expired')).toEqual([made[1]]);
      expect(await ids('using')).toHaveLength(10);
      expect(await ids('using')).not.toContain(made[0]);
      const bad = await call(fresh.app, '/invitation/list', { pageSize: 15 }, { token });
      expect(bad.body.error).toBe('invalid_input');
    } finally {
      await fresh.close();
    }
  });
});

describe('start-using and stop-using', () => {
  it('a stopped link cannot be used; started again it works and lasts 48 h from then', async () => {
    const created = await create(manager, 'lifecycle');
    const stopped = await call(t.app, '/invitation/stop-using', { id: created.id }, { token: manager });
    expect(stopped.body.data).toMatchObject({ status: 'stopped', expired: false });
    const again = await call(t.app, '/invitation/stop-using', { id: created.id }, { token: manager });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('conflict');

    const info = await call(t.app, '/invitation/public-info', { token: created.token });
    expect(info.body.data.usable).toBe(false);
    const refused = await call(t.app, '/index/register', signupOf(created.token, 1));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invitation_invalid');

    await t.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + HOUR) })
      .where(eq(invitations.id, created.id));
    const before = Date.now();
    const started = await call(t.app, '/invitation/start-using', { id: created.id }, { token: manager });
    expect(started.body.data).toMatchObject({ status: 'using', expired: false });
    expect(Date.parse(started.body.data.expires_at) - before).toBeGreaterThanOrEqual(48 * HOUR - 1000);
    expect((await call(t.app, '/invitation/public-info', { token: created.token })).body.data.usable).toBe(true);
    const registered = await call(t.app, '/index/register', await withCode(signupOf(created.token, 2)));
    expect(registered.status).toBe(200);

    const detail = await call(t.app, '/invitation/detail', { id: created.id }, { token: manager });
    expect(detail.body.data).toMatchObject({ visits: 2, signups: 1, status: 'using' });
    const actions = (await auditOf(created.id)).map((a) => a.action);
    expect(actions).toEqual([
      'invitation_create',
      'invitation_stop_using',
      'invitation_start_using',
      'registered_by_invitation',
    ]);
    const stopAudit = (await auditOf(created.id)).find((a) => a.action === 'invitation_stop_using');
    expect(stopAudit!.details).toMatchObject({ before: { status: 'using' }, after: { status: 'stopped' } });
  });

  it('an expired link shows as expired, cannot be used, and start-using renews it', async () => {
    const created = await create(manager, 'expiring');
    await t.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, created.id));
    const detail = await call(t.app, '/invitation/detail', { id: created.id }, { token: manager });
    expect(detail.body.data).toMatchObject({ status: 'using', expired: true });
    const listed = await call(t.app, '/invitation/list', { status: 'expired', pageSize: 100 }, { token: manager });
    expect(listed.body.data.list.map((r) => r.id)).toContain(created.id);
    expect((await call(t.app, '/invitation/public-info', { token: created.token })).body.data.usable).toBe(false);
    expect((await call(t.app, '/index/register', signupOf(created.token, 3))).body.error).toBe('invitation_invalid');

    const renewed = await call(t.app, '/invitation/start-using', { id: created.id }, { token: manager });
    expect(renewed.body.data).toMatchObject({ status: 'using', expired: false });
    expect((await call(t.app, '/index/register', await withCode(signupOf(created.token, 4)))).status).toBe(200);
  });
});

describe('/invitation/update and /invitation/delete', () => {
  it('changes the remarks and audits before and after', async () => {
    const created = await create(manager, 'old remarks');
    const updated = await call(
      t.app,
      '/invitation/update',
      { id: created.id, remarks: 'new remarks' },
      { token: manager },
    );
    expect(updated.body.data).toMatchObject({ id: created.id, remarks: 'new remarks', token: created.token });
    const audit = (await auditOf(created.id)).find((a) => a.action === 'invitation_update');
    expect(audit!.details).toMatchObject({ before: { remarks: 'old remarks' }, after: { remarks: 'new remarks' } });
    const missing = await call(t.app, '/invitation/update', { id: created.id }, { token: manager });
    expect(missing.body.error).toBe('invalid_input');
  });

  it('deletes the link: it is gone from the list and no longer signs anyone up', async () => {
    const created = await create(manager, 'to delete');
    const deleted = await call(t.app, '/invitation/delete', { id: created.id }, { token: manager });
    expect(deleted.body.data).toEqual({ ok: true });
    expect((await call(t.app, '/invitation/detail', { id: created.id }, { token: manager })).body.error).toBe(
      'not_found',
    );
    const listed = await call(t.app, '/invitation/list', { pageSize: 100 }, { token: manager });
    expect(listed.body.data.list.map((r) => r.id)).not.toContain(created.id);
    expect((await call(t.app, '/invitation/public-info', { token: created.token })).body.error).toBe('not_found');
    expect((await call(t.app, '/invitation/delete', { id: created.id }, { token: manager })).status).toBe(404);
    const audit = (await auditOf(created.id)).find((a) => a.action === 'invitation_delete');
    expect(audit!.details).toMatchObject({ before: { remarks: 'to delete' }, after: null });
  });
});

describe("another organisation's invitations", () => {
  it('answer not_found to every procedure and stay unchanged', async () => {
    const galaxy = await create(manager2, 'galaxy link');
    for (const [path, input] of [
      ['/invitation/detail', { id: galaxy.id }],
      ['/invitation/update', { id: galaxy.id, remarks: 'taken over' }],
      ['/invitation/stop-using', { id: galaxy.id }],
      ['/invitation/start-using', { id: galaxy.id }],
      ['/invitation/delete', { id: galaxy.id }],
    ] as const) {
      const result = await call(t.app, path, input, { token: manager });
      expect(result.status, path).toBe(404);
      expect(result.body.error, path).toBe('not_found');
    }
    const [row] = await t.deps.db.select().from(invitations).where(eq(invitations.id, galaxy.id));
    expect(row).toMatchObject({ remarks: 'galaxy link', status: 'using' });
    expect(Date.parse(galaxy.expires_at)).toBe(row!.expiresAt.getTime());
  });

  it('follow the organisation the manager works in', async () => {
    const galaxy = await create(manager2, 'visible after switching');
    const switched = await loginAs(t.app, 'manager');
    const galaxyId = await siteIdByName(t, '星河数据');
    expect((await call(t.app, '/user/change-site', { site_id: galaxyId }, { token: switched })).status).toBe(200);
    const detail = await call(t.app, '/invitation/detail', { id: galaxy.id }, { token: switched });
    expect(detail.body.data.remarks).toBe('visible after switching');
    const demoId = await siteIdByName(t, '示范学院');
    await call(t.app, '/user/change-site', { site_id: demoId }, { token: switched });
  });

  it('a plain member may not manage invitations', async () => {
    const student = await loginAs(t.app, 'student');
    const result = await call(t.app, '/invitation/list', {}, { token: student });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe('forbidden');
  });
});
