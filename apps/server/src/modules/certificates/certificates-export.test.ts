import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertFixture } from '../../testing/certificates.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let manager: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  otherSiteId = await siteIdByName(t, '星河数据');
  manager = await sessionFor(t, 'manager');
  student = await sessionFor(t, 'student');
});
afterAll(() => t.close());

/** The exported sheet's rows as text cells (the header row first). */
async function exportRows(filter: Record<string, unknown>, lang = 'en-US') {
  const result = await call(t.app, '/dataset-cert-user/export', filter, { token: manager, lang });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(result.body.data.content_base64, 'base64') as never);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

describe('exporting issued certificates', () => {
  it('writes the header and one row per certificate, in the caller language', async () => {
    const cert = await createCertFixture(t, siteId);
    const listed = await call(t.app, '/dataset-cert-user/list', { template_id: cert.templateId }, { token: manager });
    const row = listed.body.data.list[0]!;

    const rows = await exportRows({ template_id: cert.templateId });
    expect(rows[0]!.slice(0, 3)).toEqual(['Code', 'Holder', 'Username']);
    expect(rows[0]).toHaveLength(12);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 3)).toEqual([cert.code, row.holder_name, row.username]);
    expect(rows[1]![9]).toBe('Valid');

    const zh = await exportRows({ template_id: cert.templateId }, 'zh-CN');
    expect(zh[0]![0]).toBe('证书编号');
    expect(zh[1]![9]).toBe('有效');
  });

  it('narrows to the filters and never shows another organisation', async () => {
    const kept = await createCertFixture(t, siteId);
    const revoked = await createCertFixture(t, siteId);
    const other = await createCertFixture(t, otherSiteId);
    const revoke = await call(
      t.app,
      '/dataset-cert-user/revoke',
      { id: revoked.certificateId, reason: 'wrong person' },
      { token: manager },
    );
    expect(revoke.status).toBe(200);

    const onlyRevoked = (await exportRows({ status: 'revoked' })).slice(1);
    const revokedCodes = onlyRevoked.map((r) => r[0]);
    expect(revokedCodes).toContain(revoked.code);
    expect(revokedCodes).not.toContain(kept.code);
    expect(onlyRevoked.every((r) => r[9] === 'Revoked')).toBe(true);
    const mine = onlyRevoked.find((r) => r[0] === revoked.code)!;
    expect(mine[11]).toBe('wrong person');

    const all = (await exportRows({})).map((r) => r[0]);
    expect(all).toEqual(expect.arrayContaining([kept.code, revoked.code]));
    expect(all).not.toContain(other.code);

    const foreign = await call(
      t.app,
      '/dataset-cert-user/export',
      { template_id: other.templateId },
      { token: manager },
    );
    expect(foreign.status).toBe(404);
  });

  it('refuses a caller without the key', async () => {
    const result = await call(t.app, '/dataset-cert-user/export', {}, { token: student });
    expect(result.status).toBe(403);
  });
});
