import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

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

const userId = async (username: string) => {
  const [user] = await t.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, username));
  return user!.id;
};

describe('/place/list', () => {
  it('answers the 34 provincial divisions to any signed-in user', async () => {
    const student = await loginAs(t.app, 'student');
    const { status, body } = await call(t.app, '/place/list', {}, { token: student });
    expect(status).toBe(200);
    expect(body.data.list).toHaveLength(34);
    expect(body.data.list[0]).toEqual({ code: '110000', name_zh: '北京市', name_en: 'Beijing' });
    const anonymous = await call(t.app, '/place/list', {});
    expect(anonymous.body.error).toBe('auth_fail');
  });
});

describe('province of an organisation', () => {
  it('is set by /site/create and /site/update, cleared by an empty value; an unknown code is refused', async () => {
    const created = await call(
      t.app,
      '/site/create',
      { name: '浙江学院', service_type: 0, province: '330000' },
      { token: operator },
    );
    expect(created.body.data).toMatchObject({ name: '浙江学院', province: '330000' });
    const id = created.body.data.id;
    const bad = await call(t.app, '/site/update', { id, province: '999999' }, { token: operator });
    expect(bad.body.error).toBe('invalid_input');
    const updated = await call(t.app, '/site/update', { id, province: '110000' }, { token: operator });
    expect(updated.body.data.province).toBe('110000');
    const kept = await call(t.app, '/site/update', { id, remarks: 'x' }, { token: operator });
    expect(kept.body.data.province).toBe('110000');
    await call(t.app, '/site/update', { id: first, province: '110000' }, { token: operator });

    const byProvince = await call(t.app, '/site/stat-by-province', {}, { token: operator });
    expect(byProvince.body.data.list).toEqual([
      { code: '110000', name: '北京市', count: 2 },
      { code: null, name: '', count: 1 },
    ]);
    const english = await call(t.app, '/site/stat-by-province', {}, { token: operator, lang: 'en-US' });
    expect(english.body.data.list[0]!.name).toBe('Beijing');

    const area = await call(t.app, '/site/site-area-distribute', {}, { token: operator });
    expect(area.body.data.list).toHaveLength(34);
    expect(area.body.data.list[0]).toEqual({ code: '110000', name: '北京市', count: 2, members: 10 });
    expect(area.body.data.unassigned).toEqual({ count: 1, members: 4 });

    const cleared = await call(t.app, '/site/update', { id, province: '' }, { token: operator });
    expect(cleared.body.data.province).toBeNull();
    await call(t.app, '/site/delete', { id }, { token: operator });
  });
});

describe('/site/stat-by-star-section', () => {
  it('counts organisations per bucket of active members', async () => {
    const { body } = await call(t.app, '/site/stat-by-star-section', {}, { token: operator });
    expect(body.data.list).toEqual([
      { key: '0', count: 0 },
      { key: '1-10', count: 2 },
      { key: '11-50', count: 0 },
      { key: '51-200', count: 0 },
      { key: '>200', count: 0 },
    ]);
  });
});

describe('/site/site-stat-list and its export', () => {
  it('answers members, sign-ins and new members per organisation, sorted and paged', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { body } = await call(t.app, '/site/site-stat-list', {}, { token: operator });
    expect(body.data).toMatchObject({ total: 2, page: 1, pageSize: 10, end_date: today });
    expect(body.data.list[0]).toMatchObject({ site_id: first, active: 10, pending: 0, new_members: 10 });
    expect(body.data.list[0]!.logins).toBeGreaterThanOrEqual(1);
    expect(body.data.list[1]).toMatchObject({ site_id: second, active: 4 });

    const ascending = await call(t.app, '/site/site-stat-list', { sort: 'active', order: 'asc' }, { token: operator });
    expect(ascending.body.data.list.map((r) => r.site_id)).toEqual([second, first]);
    const paged = await call(t.app, '/site/site-stat-list', { page: 2, pageSize: 10 }, { token: operator });
    expect(paged.body.data.list).toEqual([]);
    const old = await call(
      t.app,
      '/site/site-stat-list',
      { start_date: '2020-01-01', end_date: '2020-01-31', keyword: '星河' },
      { token: operator },
    );
    expect(old.body.data.list).toEqual([
      expect.objectContaining({ site_id: second, logins: 0, new_members: 0, active: 4 }),
    ]);
    const reversed = await call(
      t.app,
      '/site/site-stat-list',
      { start_date: '2020-02-01', end_date: '2020-01-01' },
      { token: operator },
    );
    expect(reversed.body.error).toBe('invalid_input');
  });

  it('exports the rows as an xlsx file', async () => {
    const { body } = await call(
      t.app,
      '/site/site-stat-list-export',
      { sort: 'name', order: 'asc' },
      { token: operator },
    );
    expect(body.data.file_name).toMatch(/^site-stats-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(body.data.content_base64, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(2).value).toBe('名称');
  });

  it('is refused to a manager', async () => {
    const manager = await loginAs(t.app, 'manager');
    const { status } = await call(t.app, '/site/site-stat-list', {}, { token: manager });
    expect(status).toBe(403);
  });
});

describe('/site/change-user-site', () => {
  it("moves a membership with its roles, the user's current organisation follows; audited", async () => {
    const reviewer = await userId('reviewer');
    const { status, body } = await call(
      t.app,
      '/site/change-user-site',
      { user_id: reviewer, from_site_id: first, to_site_id: second },
      { token: operator },
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ user_id: reviewer, site_id: second });
    const memberships = await t.deps.db.select().from(schema.siteUsers).where(eq(schema.siteUsers.userId, reviewer));
    expect(memberships.map((m) => m.siteId)).toEqual([second]);
    const roles = await t.deps.db
      .select()
      .from(schema.siteUserRoles)
      .where(eq(schema.siteUserRoles.siteUserId, memberships[0]!.id));
    expect(roles.map((r) => [r.siteId, r.roleKey])).toEqual([[second, 'role_team_operator']]);
    const [user] = await t.deps.db.select().from(schema.users).where(eq(schema.users.id, reviewer));
    expect(user!.currentSiteId).toBe(second);
    const audits = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(
        and(eq(schema.auditLogs.action, 'site_change_user_site'), eq(schema.auditLogs.targetId, String(reviewer))),
      );
    expect(audits).toHaveLength(1);
  });

  it('answers not_found without a membership in the source, conflict when already in the target', async () => {
    const reviewer = await userId('reviewer');
    const missing = await call(
      t.app,
      '/site/change-user-site',
      { user_id: reviewer, from_site_id: first, to_site_id: second },
      { token: operator },
    );
    expect(missing.body.error).toBe('not_found');
    const manager = await userId('manager');
    const taken = await call(
      t.app,
      '/site/change-user-site',
      { user_id: manager, from_site_id: first, to_site_id: second },
      { token: operator },
    );
    expect(taken.body.error).toBe('conflict');
    const same = await call(
      t.app,
      '/site/change-user-site',
      { user_id: manager, from_site_id: first, to_site_id: first },
      { token: operator },
    );
    expect(same.body.error).toBe('invalid_input');
    const unknownSite = await call(
      t.app,
      '/site/change-user-site',
      { user_id: manager, from_site_id: first, to_site_id: 999_999 },
      { token: operator },
    );
    expect(unknownSite.body.error).toBe('not_found');
  });
});

describe('/site/invitation-create and /site/invitation-list', () => {
  it("creates an invitation of any organisation and lists every organisation's or one's", async () => {
    const created = await call(
      t.app,
      '/site/invitation-create',
      { site_id: second, remarks: 'from the platform' },
      { token: operator },
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      site_id: second,
      site_name: '星河数据',
      remarks: 'from the platform',
      status: 'using',
      expired: false,
      creator_nickname: '平台运营',
    });
    const manager = await loginAs(t.app, 'manager2');
    const own = await call(t.app, '/invitation/list', {}, { token: manager });
    expect(own.body.data.list.map((r) => r.id)).toContain(created.body.data.id);

    await call(t.app, '/site/invitation-create', { site_id: first, remarks: 'first' }, { token: operator });
    const all = await call(t.app, '/site/invitation-list', {}, { token: operator });
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.list.map((r) => r.site_name)).toEqual(['示范学院', '星河数据']);
    const one = await call(t.app, '/site/invitation-list', { site_id: second }, { token: operator });
    expect(one.body.data.list.map((r) => r.remarks)).toEqual(['from the platform']);
    const unknown = await call(t.app, '/site/invitation-create', { site_id: 999_999 }, { token: operator });
    expect(unknown.body.error).toBe('not_found');
  });
});
