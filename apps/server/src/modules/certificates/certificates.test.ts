import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertFixture } from '../../testing/certificates.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CERT_CODE_ALPHABET, generateCertCode, normaliseCertCode } from './cert-code.ts';
import { expiryOf, issueCertificate } from './issue-certificate.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let manager: string;
let teacher: string;
let student: string;

const unique = () => Math.random().toString(36).slice(2, 8);
const CODE = new RegExp(`^[${CERT_CODE_ALPHABET}]{4}(-[${CERT_CODE_ALPHABET}]{4}){3}$`);

/** A fresh member of the site (no password: sessions are made directly). */
async function freshMember(site: number, nickname = `学员${unique()}`) {
  const [user] = await t.deps.db
    .insert(schema.users)
    .values({ username: `cert_${unique()}`, nickname, passwordHash: 'x', currentSiteId: site })
    .returning({ id: schema.users.id, username: schema.users.username });
  await t.deps.db.insert(schema.siteUsers).values({ siteId: site, userId: user!.id });
  return { id: user!.id, token: await sessionFor(t, user!.username) };
}

async function createTemplate(extra: Record<string, unknown> = {}, token = manager) {
  const result = await call(
    t.app,
    '/dataset-cert-code/create',
    {
      name: `模板-${unique()}`,
      title: '结业证书',
      body: '{name} 完成了 {subject}，成绩 {score}，{date}。',
      issuer: '示范学院',
      valid_months: 12,
      ...extra,
    },
    { token },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

async function issue(templateId: number, userIds: number[], subject = '安全培训', score = '') {
  const result = await call(
    t.app,
    '/dataset-cert-user/issue',
    { template_id: templateId, user_ids: userIds, subject, score },
    { token: manager },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

const verify = (code: string, ip = '10.0.0.1') => call(t.app, '/cert/verify', { code }, { ip });

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  otherSiteId = await siteIdByName(t, '星河数据');
  manager = await sessionFor(t, 'manager');
  teacher = await sessionFor(t, 'teacher');
  student = await sessionFor(t, 'student');
});
afterAll(() => t.close());

describe('codes', () => {
  it('are 16 characters of the unambiguous alphabet in groups of four, and typed codes normalise', () => {
    const codes = new Set(Array.from({ length: 2000 }, generateCertCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(CODE);
    expect(CERT_CODE_ALPHABET).toHaveLength(32);
    expect(CERT_CODE_ALPHABET).not.toMatch(/[01IO]/);
    expect(normaliseCertCode(' abcd efgh-jkmn pqrs ')).toBe('ABCD-EFGH-JKMN-PQRS');
  });

  it('expire valid_months after issue, clamped to the end of a shorter month', () => {
    expect(expiryOf(new Date('2026-01-31T10:00:00Z'), 1)?.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(expiryOf(new Date('2026-03-15T00:00:00Z'), 12)?.toISOString()).toBe('2027-03-15T00:00:00.000Z');
    expect(expiryOf(new Date(), null)).toBeNull();
  });
});

describe('templates', () => {
  it('creates, updates, lists and refuses bad input; students may not', async () => {
    const template = await createTemplate({}, teacher);
    const updated = await call(
      t.app,
      '/dataset-cert-code/update',
      { id: template.id, name: '改名', title: '合格证书', body: '', issuer: '', valid_months: null },
      { token: manager },
    );
    expect(updated.body.data).toMatchObject({ id: template.id, name: '改名', valid_months: null, issued_count: 0 });
    const list = await call(t.app, '/dataset-cert-code/list', { keyword: '改名' }, { token: teacher });
    expect(list.body.data.list.map((r) => r.id)).toContain(template.id);
    for (const wrong of [{ name: '' }, { name: 'x'.repeat(51) }, { body: 'x'.repeat(501) }, { valid_months: 0 }]) {
      const result = await call(
        t.app,
        '/dataset-cert-code/create',
        { name: 'n', title: 't', ...wrong },
        { token: manager },
      );
      expect(result.status, JSON.stringify(wrong)).toBe(400);
    }
    const byStudent = await call(t.app, '/dataset-cert-code/list', {}, { token: student });
    expect(byStudent.status).toBe(403);
  });

  it('refuses to delete a template while certificates use it, and deletes an unused one', async () => {
    const used = await createTemplate();
    const holder = await freshMember(siteId);
    await issue(used.id, [holder.id]);
    const refused = await call(t.app, '/dataset-cert-code/delete', { id: used.id }, { token: manager });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('cert_template_in_use');
    expect(refused.body.message).toContain('1');
    const unused = await createTemplate();
    const deleted = await call(t.app, '/dataset-cert-code/delete', { id: unused.id }, { token: manager });
    expect(deleted.body.data).toEqual({ id: unused.id });
    const gone = await call(t.app, '/dataset-cert-code/detail', { id: unused.id }, { token: manager });
    expect(gone.body.error).toBe('not_found');
  });
});

describe('issuing', () => {
  it('issues once per template, source and user: issuing again returns the same certificate', async () => {
    const template = await createTemplate();
    const a = await freshMember(siteId, '甲');
    const b = await freshMember(siteId, '乙');
    const first = await issue(template.id, [a.id, b.id], 'Python 基础', '92');
    expect(first).toMatchObject({ created: 2, existing: 0 });
    for (const c of first.list) expect(c.code).toMatch(CODE);
    const again = await issue(template.id, [a.id, b.id]);
    expect(again).toMatchObject({ created: 0, existing: 2 });
    expect(again.list.map((c) => c.code).sort()).toEqual(first.list.map((c) => c.code).sort());

    // The exam module's call: one certificate per exam and user, even when two passes arrive at once.
    const [x, y] = await Promise.all(
      [1, 2].map(() =>
        issueCertificate(t.deps.db, {
          siteId,
          templateId: template.id,
          userId: a.id,
          source: 'exam',
          sourceId: 4242,
          subject: '期末考试',
          score: '88',
          issuedBy: null,
        }),
      ),
    );
    expect(x!.id).toBe(y!.id);
    expect([x!.created, y!.created].sort()).toEqual([false, true]);
    expect(x!.id).not.toBe(first.list[0]!.id);

    const listed = await call(
      t.app,
      '/dataset-cert-user/list',
      { template_id: template.id, pageSize: 50 },
      { token: manager },
    );
    expect(listed.body.data.total).toBe(3);
    const mine = listed.body.data.list.filter((r) => r.user_id === a.id);
    expect(mine.map((r) => r.holder_name)).toEqual(['甲', '甲']);
    expect(mine[0]!.expires_at).not.toBeNull();
  });

  it('gives every certificate a distinct code', async () => {
    const template = await createTemplate();
    const members = await Promise.all(Array.from({ length: 12 }, () => freshMember(siteId)));
    const result = await issue(
      template.id,
      members.map((m) => m.id),
    );
    expect(new Set(result.list.map((c) => c.code)).size).toBe(12);
  });

  it("answers not_found for another organisation's template, user or certificate", async () => {
    const other = await createCertFixture(t, otherSiteId);
    const outsider = await freshMember(otherSiteId);
    const template = await createTemplate();
    const cases: [ProcedurePath, Record<string, unknown>][] = [
      ['/dataset-cert-code/detail', { id: other.templateId }],
      ['/dataset-cert-code/update', { id: other.templateId, name: 'x', title: 'x' }],
      ['/dataset-cert-code/delete', { id: other.templateId }],
      ['/dataset-cert-user/issue', { template_id: other.templateId, user_ids: [outsider.id], subject: 'x' }],
      ['/dataset-cert-user/issue', { template_id: template.id, user_ids: [outsider.id], subject: 'x' }],
      ['/dataset-cert-user/list', { template_id: other.templateId }],
      ['/dataset-cert-user/revoke', { id: other.certificateId, reason: 'x' }],
    ];
    for (const [path, body] of cases) {
      const result = await call(t.app, path, body, { token: manager });
      expect(result.status, path).toBe(404);
      expect(result.body.error).toBe('not_found');
    }
    const listed = await call(t.app, '/dataset-cert-user/list', { keyword: other.code }, { token: manager });
    expect(listed.body.data.total).toBe(0);
  });
});

describe('revoking and verifying', () => {
  it('verifies valid, expired, revoked and unknown codes', async () => {
    const template = await createTemplate({ issuer: '示范学院培训部' });
    const holder = await freshMember(siteId, '验证人');
    // Two issues at once make one certificate; issuing it again later keeps that one, with its first subject.
    const [valid, twin] = (
      await Promise.all([issue(template.id, [holder.id], '数据标注'), issue(template.id, [holder.id], '数据标注')])
    ).map((r) => r.list[0]!);
    expect(twin!.id).toBe(valid!.id);
    expect((await issue(template.id, [holder.id], 'x')).list[0]!.id).toBe(valid!.id);

    const ok = await verify(valid!.code.toLowerCase().replace(/-/g, ' '));
    expect(ok.body.data).toMatchObject({
      code: valid!.code,
      holder_name: '验证人',
      subject: '数据标注',
      issuer: '示范学院培训部',
      site_name: '示范学院',
      status: 'valid',
      revoked_at: null,
    });

    const other = await freshMember(siteId);
    const expiring = (await issue(template.id, [other.id])).list[0]!;
    await t.deps.db
      .update(schema.certificates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.certificates.id, expiring.id));
    expect((await verify(expiring.code)).body.data.status).toBe('expired');
    const expiredList = await call(
      t.app,
      '/dataset-cert-user/list',
      { template_id: template.id, status: 'expired' },
      { token: manager },
    );
    expect(expiredList.body.data.list.map((r) => r.id)).toEqual([expiring.id]);

    const revoked = await call(
      t.app,
      '/dataset-cert-user/revoke',
      { id: valid!.id, reason: '成绩作废' },
      { token: manager },
    );
    expect(revoked.body.data).toMatchObject({ status: 'revoked', revoke_reason: '成绩作废' });
    expect((await verify(valid!.code)).body.data).toMatchObject({ status: 'revoked' });
    const twice = await call(t.app, '/dataset-cert-user/revoke', { id: valid!.id, reason: 'x' }, { token: manager });
    expect(twice.body.error).toBe('cert_already_revoked');
    const noReason = await call(
      t.app,
      '/dataset-cert-user/revoke',
      { id: expiring.id, reason: ' ' },
      { token: manager },
    );
    expect(noReason.status).toBe(400);

    const unknown = await verify('AAAA-BBBB-CCCC-DDDD');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('cert_not_found');
  });

  it('limits verification attempts per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await verify('ZZZZ-ZZZZ-ZZZZ-ZZZZ', '10.9.9.9')).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('my certificates and the platform', () => {
  it("lists the caller's own certificates with the body filled, for any signed-in role", async () => {
    const template = await createTemplate({ body: '兹证明 {name} 完成 {subject}，成绩 {score}。' });
    const holder = await freshMember(siteId, '持证人');
    await issue(template.id, [holder.id], '机器学习', '95');
    const mine = await call(t.app, '/trainingcamp/mycerts', {}, { token: holder.token });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      title: '结业证书',
      body: '兹证明 持证人 完成 机器学习，成绩 95。',
      holder_name: '持证人',
      site_name: '示范学院',
      status: 'valid',
    });
    const someoneElse = await call(t.app, '/trainingcamp/mycerts', {}, { token: (await freshMember(siteId)).token });
    expect(someoneElse.body.data).toEqual([]);
    expect((await call(t.app, '/trainingcamp/mycerts', {})).status).toBe(401);
  });

  it('shows certificates of every organisation and the dispensing per organisation to platform roles only', async () => {
    const other = await createCertFixture(t, otherSiteId);
    const operator = await sessionFor(t, 'operator');
    const all = await call(t.app, '/certuser/list', { keyword: other.code }, { token: operator });
    expect(all.body.data.list).toHaveLength(1);
    expect(all.body.data.list[0]).toMatchObject({ site_name: '星河数据', code: other.code, status: 'valid' });
    const dispensed = await call(t.app, '/certcode/dispense-list', { pageSize: 100 }, { token: operator });
    const star = dispensed.body.data.list.find((r) => r.site_id === otherSiteId);
    expect(star?.issued_count).toBeGreaterThanOrEqual(1);
    expect(star?.template_count).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, '/certuser/list', {}, { token: manager })).status).toBe(403);
  });
});
