import { PROCEDURE_CATALOGUE } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, callPath, createTestApp, invalidFields, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await loginAs(t.app, 'operator');
});
afterAll(() => t.close());

const namesOf = (body: { data?: { list: { name: string }[] } }) => body.data!.list.map((s) => s.name);
const fieldsOf = (body: { details?: unknown }) =>
  Object.fromEntries(invalidFields(body).map((f) => [f.field, f.message]));
const siteCount = async () => (await t.deps.db.select({ id: schema.sites.id }).from(schema.sites)).length;

describe('/site/list', () => {
  it('lists every organisation, newest first, with active member counts', async () => {
    const { status, body } = await call(t.app, '/site/list', {}, { token: operator });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(namesOf(body)).toEqual(['星河数据', '示范学院']);
    expect(body.data.list[0]).toMatchObject({
      name_en: 'Galaxy Data',
      status: 'open',
      service_type: 0,
      member_count: 4,
      domain: null,
      start_at: null,
    });
    expect(body.data.list[1]!.member_count).toBe(10);
  });

  it('filters by keyword (name, English name, domain), status and service type; pages', async () => {
    const byEnglish = await call(t.app, '/site/list', { keyword: 'galaxy' }, { token: operator });
    expect(namesOf(byEnglish.body)).toEqual(['星河数据']);
    const byName = await call(t.app, '/site/list', { keyword: '示范' }, { token: operator });
    expect(namesOf(byName.body)).toEqual(['示范学院']);
    const wildcard = await call(t.app, '/site/list', { keyword: '%' }, { token: operator });
    expect(wildcard.body.data.total).toBe(0);
    const closed = await call(t.app, '/site/list', { status: 'closed' }, { token: operator });
    expect(closed.body.data).toMatchObject({ total: 0, list: [] });
    const annotation = await call(t.app, '/site/list', { service_type: 1 }, { token: operator });
    expect(annotation.body.data.total).toBe(0);
    const standard = await call(t.app, '/site/list', { service_type: 0, status: 'open' }, { token: operator });
    expect(standard.body.data.total).toBe(2);
    const second = await call(t.app, '/site/list', { page: 2, pageSize: 10 }, { token: operator });
    expect(second.body.data).toMatchObject({ total: 2, list: [], page: 2 });
    const badSize = await call(t.app, '/site/list', { pageSize: 15 }, { token: operator });
    expect(badSize.body.error).toBe('invalid_input');
  });
});

describe('/site/form and /site/detail', () => {
  it('offers the service types and statuses', async () => {
    const { body } = await call(t.app, '/site/form', {}, { token: operator });
    expect(body.data).toEqual({
      service_types: [
        { value: 0, key: 'standard' },
        { value: 1, key: 'annotation_team' },
      ],
      statuses: ['open', 'closed'],
    });
  });

  it('shows an organisation with member counts, managers and settings; an unknown id is not found', async () => {
    const id = await siteIdByName(t, '星河数据');
    const { body } = await call(t.app, '/site/detail', { id }, { token: operator });
    expect(body.data).toMatchObject({
      id,
      name: '星河数据',
      logo: null,
      icon_logo: null,
      members: { active: 4, pending: 0 },
      settings: { showCdkey: '1', open_webrtc: '0' },
    });
    expect(body.data.managers.map((m) => m.username)).toEqual(['manager', 'manager2']);
    const missing = await call(t.app, '/site/detail', { id: 999_999 }, { token: operator });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
  });

  it("lists an organisation's members, paged and searched", async () => {
    const id = await siteIdByName(t, '星河数据');
    const { body } = await call(t.app, '/site/members', { id, pageSize: 10 }, { token: operator });
    expect(body.data.total).toBe(4);
    expect(body.data.list.map((m) => m.username)).toEqual(['manager', 'student', 'manager2', 'student2']);
    const search = await call(t.app, '/site/members', { id, keyword: 'two' }, { token: operator });
    expect(search.body.data.list.map((m) => m.username)).toEqual(['manager2', 'student2']);
    const missing = await call(t.app, '/site/members', { id: 999_999 }, { token: operator });
    expect(missing.body.error).toBe('not_found');
  });
});

describe('/site/create', () => {
  const valid = { name: '新机构一号', service_type: 0 };

  it('checks every rule and creates nothing when one fails', async () => {
    const before = await siteCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: '甲' }, 'name', 'The organisation name has 2 to 32 characters'],
      [{ ...valid, name: 'x'.repeat(33) }, 'name', 'The organisation name has 2 to 32 characters'],
      [{ ...valid, domain: 'not a domain' }, 'domain', 'Enter a domain such as learn.example.com'],
      [{ ...valid, domain: 'localhost' }, 'domain', 'Enter a domain such as learn.example.com'],
      [{ ...valid, remarks: 'r'.repeat(256) }, 'remarks', 'The remarks have at most 255 characters'],
      [{ ...valid, service_type: 2 }, 'service_type', 'invalid value'],
      [
        { ...valid, start_at: '2026-03-01T00:00:00.000Z', end_at: '2026-02-01T00:00:00.000Z' },
        'end_at',
        'The end time must be after the start time',
      ],
      [
        { ...valid, start_at: '2026-03-01T00:00:00.000Z', end_at: '2026-03-01T00:00:00.000Z' },
        'end_at',
        'The end time must be after the start time',
      ],
      [{ ...valid, start_at: 'yesterday' }, 'start_at', 'invalid value'],
    ];
    for (const [input, field, message] of cases) {
      const { status, body } = await call(t.app, '/site/create', input, { token: operator, lang: 'en-US' });
      expect(status, JSON.stringify(input)).toBe(400);
      expect(body.error).toBe('invalid_input');
      expect(fieldsOf(body)[field], JSON.stringify(input)).toBe(message);
    }
    const taken = await call(t.app, '/site/create', { ...valid, name: '示范学院' }, { token: operator });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('site_name_taken');
    const unknown = await call(t.app, '/site/create', { ...valid, manager: 'nobody-here' }, { token: operator });
    expect(unknown.body.error).toBe('user_not_found');
    expect(await siteCount()).toBe(before);
  });

  it('creates an open organisation whose manager can log in to it', async () => {
    const { status, body } = await call(
      t.app,
      '/site/create',
      {
        ...valid,
        name: '  新机构一号  ',
        name_en: 'New One',
        service_type: 1,
        domain: 'Learn.Example.COM',
        address: '北京市海淀区',
        remarks: '试用',
        start_at: '2026-01-01T00:00:00.000Z',
        end_at: '2026-12-31T16:00:00+08:00',
        manager: 'Teacher@Demo.Example.com',
      },
      { token: operator },
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: '新机构一号',
      name_en: 'New One',
      status: 'open',
      service_type: 1,
      domain: 'learn.example.com',
      address: '北京市海淀区',
      remarks: '试用',
      start_at: '2026-01-01T00:00:00.000Z',
      end_at: '2026-12-31T08:00:00.000Z',
      member_count: 1,
      members: { active: 1, pending: 0 },
      managers: [{ username: 'teacher', nickname: '李老师' }],
    });
    const siteId = body.data.id;
    const [audit] = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'site_create'), eq(schema.auditLogs.targetId, String(siteId))));
    expect(audit).toMatchObject({ targetType: 'site', details: { before: null, after: { name: '新机构一号' } } });

    const teacher = await loginAs(t.app, 'teacher');
    const detail = await call(t.app, '/user/detail', {}, { token: teacher });
    expect(detail.body.data.userSites.map((s) => s.site_id)).toContain(siteId);
    const switched = await call(t.app, '/user/change-site', { site_id: siteId }, { token: teacher });
    expect(switched.body.data).toEqual({ ok: true });
    const there = await call(t.app, '/user/detail', {}, { token: teacher });
    expect(there.body.data.user.site).toMatchObject({ id: siteId, name: '新机构一号', service_type: 1 });
    expect(there.body.data.user.siteUser.current_role).toBe('role_manager');
    expect(Object.keys(there.body.data.user.can_change_roles).sort()).toEqual(['role_manager', 'role_teacher']);
    const members = await call(t.app, '/user/mylist', {}, { token: teacher });
    expect(members.body.data.list.map((m) => m.username)).toEqual(['teacher']);
    await call(t.app, '/user/change-site', { site_id: await siteIdByName(t, '示范学院') }, { token: teacher });

    const list = await call(t.app, '/site/list', {}, { token: operator });
    expect(namesOf(list.body)[0]).toBe('新机构一号');
    const again = await call(t.app, '/site/create', { ...valid, name: '新机构一号' }, { token: operator });
    expect(again.body.error).toBe('site_name_taken');
  });
});

describe('/site/update', () => {
  it('changes fields (absent ones stay, empty ones clear), settings and managers; checks the rules', async () => {
    const created = await call(
      t.app,
      '/site/create',
      {
        name: '待修改机构',
        service_type: 0,
        domain: 'a.example.com',
        remarks: '旧备注',
        start_at: '2026-05-01T00:00:00Z',
      },
      { token: operator },
    );
    const id = created.body.data.id;
    const { status, body } = await call(
      t.app,
      '/site/update',
      {
        id,
        name: '已修改机构',
        domain: '',
        remarks: '新备注',
        settings: { showCdkey: '0', help_url: 'https://help.example.com' },
      },
      { token: operator },
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: '已修改机构',
      domain: null,
      remarks: '新备注',
      service_type: 0,
      start_at: '2026-05-01T00:00:00.000Z',
      settings: { showCdkey: '0', help_url: 'https://help.example.com', open_webrtc: '0' },
    });
    const [audit] = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'site_update'), eq(schema.auditLogs.targetId, String(id))));
    expect(audit?.details).toMatchObject({
      before: { name: '待修改机构', domain: 'a.example.com' },
      after: { name: '已修改机构', domain: null },
    });

    // The stored start counts when only the end is sent.
    const early = await call(
      t.app,
      '/site/update',
      { id, end_at: '2026-04-01T00:00:00Z' },
      { token: operator, lang: 'en-US' },
    );
    expect(early.body.error).toBe('invalid_input');
    expect(fieldsOf(early.body).end_at).toBe('The end time must be after the start time');
    const taken = await call(t.app, '/site/update', { id, name: '星河数据' }, { token: operator });
    expect(taken.body.error).toBe('site_name_taken');
    const badUrl = await call(t.app, '/site/update', { id, settings: { help_url: 'ftp://x' } }, { token: operator });
    expect(badUrl.body.error).toBe('invalid_input');
    const unknownManager = await call(t.app, '/site/update', { id, manager: 'ghost' }, { token: operator });
    expect(unknownManager.body.error).toBe('user_not_found');
    const missing = await call(t.app, '/site/update', { id: 999_999, name: '无此机构' }, { token: operator });
    expect(missing.body.error).toBe('not_found');

    const same = await call(t.app, '/site/update', { id, name: '已修改机构', manager: 'student' }, { token: operator });
    expect(same.body.data.managers.map((m) => m.username)).toEqual(['student']);
    const student = await loginAs(t.app, 'student');
    const detail = await call(t.app, '/user/detail', {}, { token: student });
    expect(detail.body.data.userSites.map((s) => s.site.name)).toContain('已修改机构');
  });

  it("a member sees the organisation's new name at once", async () => {
    const manager2 = await loginAs(t.app, 'manager2');
    const before = await call(t.app, '/user/detail', {}, { token: manager2 });
    expect(before.body.data.user.site.name).toBe('星河数据');
    const id = await siteIdByName(t, '星河数据');
    await call(t.app, '/site/update', { id, name: '星河数据二' }, { token: operator });
    const after = await call(t.app, '/user/detail', {}, { token: manager2 });
    expect(after.body.data.user.site.name).toBe('星河数据二');
    await call(t.app, '/site/update', { id, name: '星河数据' }, { token: operator });
  });
});

describe('access', () => {
  // The platform's organisation procedures (`/site/my-*` are the team settings of the caller's own organisation).
  const sitePaths = PROCEDURE_CATALOGUE.filter((p) => p.path.startsWith('/site/') && p.platform).map((p) => p.path);

  it('an organisation manager (tenant role) is refused every organisation procedure', async () => {
    expect(sitePaths).toHaveLength(18);
    const manager = await loginAs(t.app, 'manager');
    for (const path of sitePaths) {
      const { status, body } = await callPath(t.app, path, { id: 1 }, { token: manager });
      expect(status, path).toBe(403);
      expect(body.error, path).toBe('forbidden');
    }
  });

  it('root holds every organisation procedure too', async () => {
    const root = await loginAs(t.app, 'root');
    const { body } = await call(t.app, '/site/list', {}, { token: root });
    expect(body.data.total).toBeGreaterThanOrEqual(2);
  });
});
