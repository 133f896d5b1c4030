import { schema } from '@app/db';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await sessionFor(t, 'manager');
});
afterAll(() => t.close());

const userId = async (username: string) => {
  const [row] = await t.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, username));
  return row!.id;
};
const lastAudit = async (action: string) => {
  const rows = await t.deps.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.action, action));
  return rows.at(-1);
};

async function xlsxBase64(rows: (string | number)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('members');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

const HEADER = ['username', 'nickname', 'email', 'mobile', 'password', 'roles'];

describe('/user/create, /user/member-detail, /user/update', () => {
  it('creates a member with roles, shows the detail, and audits', async () => {
    const created = await call(
      t.app,
      '/user/create',
      {
        username: 'newbie',
        nickname: '新人',
        email: 'newbie@example.com',
        password: 'Abc12345',
        roles: ['role_teacher', 'role_student'],
      },
      { token: manager },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.user_id;
    const detail = await call(t.app, '/user/member-detail', { user_id: id }, { token: manager });
    expect(detail.body.data).toMatchObject({
      username: 'newbie',
      roles: ['role_student', 'role_teacher'],
      current_role: 'role_teacher',
      account_shared: false,
    });
    const token = await loginAs(t.app, 'newbie', 'Abc12345');
    expect(token).toBeTruthy();
    const again = await call(t.app, '/user/member-detail', { user_id: id }, { token: manager });
    expect(again.body.data.login_records[0]).toMatchObject({ action: 'login' });
    expect((await lastAudit('member_create'))?.details).toMatchObject({ before: null, after: { username: 'newbie' } });
  });

  it('refuses taken usernames and emails, platform or unknown roles, and no role', async () => {
    const base = { username: 'other01', nickname: 'x', password: 'Abc12345', roles: ['role_student'] };
    expect((await call(t.app, '/user/create', { ...base, username: 'student' }, { token: manager })).body.error).toBe(
      'username_taken',
    );
    expect(
      (await call(t.app, '/user/create', { ...base, email: 'newbie@example.com' }, { token: manager })).body.error,
    ).toBe('email_taken');
    for (const roles of [['role_root'], ['role_nope'], []]) {
      const result = await call(t.app, '/user/create', { ...base, roles }, { token: manager });
      expect(result.body.error).toBe('invalid_input');
    }
    expect((await call(t.app, '/user/create', { ...base, password: 'abcdef' }, { token: manager })).body.error).toBe(
      'invalid_input',
    );
  });

  it('updates profile and roles with before/after, and moves the current role', async () => {
    const id = await userId('newbie');
    const result = await call(
      t.app,
      '/user/update',
      { user_id: id, nickname: 'Renamed', mobile: '13900000000', roles: ['role_student'] },
      { token: manager },
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const detail = await call(t.app, '/user/member-detail', { user_id: id }, { token: manager });
    expect(detail.body.data).toMatchObject({
      nickname: 'Renamed',
      mobile: '13900000000',
      email: null,
      roles: ['role_student'],
      current_role: 'role_student',
    });
    expect((await lastAudit('member_update'))?.details).toMatchObject({
      before: { nickname: '新人', roles: ['role_student', 'role_teacher'] },
      after: { nickname: 'Renamed', roles: ['role_student'] },
    });
  });

  it("answers not_found for another organisation's member", async () => {
    const other = await userId('student2');
    for (const [path, input] of [
      ['/user/member-detail', {}],
      ['/user/update', { nickname: 'x', roles: ['role_student'] }],
      ['/user/delete', {}],
      ['/user/reset-password', { password: 'Abc12345' }],
    ] as const) {
      const result = await call(t.app, path, { ...input, user_id: other }, { token: manager });
      expect(result.body.error, path).toBe('not_found');
    }
  });
});

describe('/user/reset-password and /user/delete', () => {
  it("resets the password and ends the member's sessions", async () => {
    const id = await userId('newbie');
    const old = await loginAs(t.app, 'newbie', 'Abc12345');
    const result = await call(
      t.app,
      '/user/reset-password',
      { user_id: id, password: 'NewPass99' },
      { token: manager },
    );
    expect(result.status).toBe(200);
    expect((await call(t.app, '/user/detail', {}, { token: old })).body.error).toBe('auth_fail');
    const open = await t.deps.db
      .select()
      .from(schema.sessions)
      .where(and(eq(schema.sessions.userId, id), isNull(schema.sessions.revokedAt)));
    expect(open).toEqual([]);
    expect(await loginAs(t.app, 'newbie', 'NewPass99')).toBeTruthy();
    expect(JSON.stringify((await lastAudit('member_reset_password'))?.details)).not.toContain('NewPass99');
  });

  it('removes the membership but keeps the account; nobody removes themself', async () => {
    const id = await userId('newbie');
    const self = await call(t.app, '/user/delete', { user_id: await userId('manager') }, { token: manager });
    expect(self.status).toBe(409);
    expect(self.body.error).toBe('cannot_remove_self');
    const removed = await call(t.app, '/user/delete', { user_id: id }, { token: manager });
    expect(removed.status).toBe(200);
    expect((await call(t.app, '/user/member-detail', { user_id: id }, { token: manager })).body.error).toBe(
      'not_found',
    );
    const [account] = await t.deps.db.select().from(schema.users).where(eq(schema.users.id, id));
    expect(account?.username).toBe('newbie');
    expect((await lastAudit('member_remove'))?.details).toMatchObject({
      after: null,
      before: { roles: ['role_student'] },
    });
  });
});

describe('/user/export-user-data and /user/import-template', () => {
  it('exports the filtered members as xlsx', async () => {
    const result = await call(t.app, '/user/export-user-data', { filters: { keyword: 'stud' } }, { token: manager });
    expect(result.body.data.file_name).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.data.content_base64, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.actualRowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('student');
  });

  it('gives a template whose header the import reads', async () => {
    const result = await call(t.app, '/user/import-template', {}, { token: manager });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.data.content_base64, 'base64') as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
  });
});

describe('/user/import', () => {
  it('imports 50 rows: 47 created in the organisation, 3 failures with reasons', async () => {
    const rows: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 47; i++)
      rows.push([`bulk${i}`, `Bulk ${i}`, `bulk${i}@example.com`, '13800000000', 'Abc12345', 'role_student']);
    rows.push(['', 'No name', '', '', 'Abc12345', '']);
    rows.push(['bulkbademail', 'Bad', 'not-an-email', '', 'Abc12345', '']);
    rows.push(['student', 'Taken', '', '', 'Abc12345', '']);
    const content = await xlsxBase64(rows);
    const result = await call(t.app, '/user/import', { file_name: 'people.xlsx', content }, { token: manager });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toEqual({
      success: 47,
      failures: [
        { row: 49, username: '', reason: 'missing_username' },
        { row: 50, username: 'bulkbademail', reason: 'bad_email' },
        { row: 51, username: 'student', reason: 'username_taken' },
      ],
    });
    const list = await call(t.app, '/user/mylist', { keyword: 'bulk', pageSize: 100 }, { token: manager });
    expect(list.body.data.total).toBe(47);
    expect(list.body.data.list[0]!.roles).toEqual(['role_student']);
    expect(await loginAs(t.app, 'bulk7', 'Abc12345')).toBeTruthy();
    expect((await lastAudit('member_import'))?.details).toMatchObject({ after: { created: 47, failed: 3 } });
  });

  it('names every kind of bad row (csv, data URL)', async () => {
    const csv = [
      'username,nickname,email,mobile,password,roles',
      'csvok1,,,,Abc12345,',
      'csvok1,,,,Abc12345,',
      'a b,,,,Abc12345,',
      'csvmob,,,12345,Abc12345,',
      'csvweak,,,,abcdef,',
      'csvrole,,,,Abc12345,role_nope',
      'csvroot,,,,Abc12345,role_root',
      'csvmail,,bulk1@example.com,,Abc12345,',
      'csvnick,xxxxxxxxxxxxxxxxxxxxxxxxx,,,Abc12345,',
    ].join('\n');
    const content = `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`;
    const result = await call(t.app, '/user/import', { file_name: 'people.csv', content }, { token: manager });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.success).toBe(1);
    expect(result.body.data.failures.map((f) => f.reason)).toEqual([
      'duplicate_in_file',
      'bad_username',
      'bad_mobile',
      'weak_password',
      'unknown_role',
      'unknown_role',
      'email_taken',
      'bad_nickname',
    ]);
  });

  it('refuses .xls, other types, big files and files without the columns', async () => {
    const cases = [
      {
        file_name: 'old.xls',
        content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]).toString('base64'),
        reason: 'xls',
      },
      { file_name: 'a.txt', content: Buffer.from('username\nx').toString('base64'), reason: 'type' },
      { file_name: 'a.xlsx', content: Buffer.from('not a zip').toString('base64'), reason: 'type' },
      { file_name: 'a.csv', content: Buffer.from('name,pass\nx,y').toString('base64'), reason: 'columns' },
    ];
    for (const { reason, ...input } of cases) {
      const result = await call(t.app, '/user/import', input, { token: manager });
      expect(result.body.error, reason).toBe('import_file_wrong');
      expect(result.body.details).toHaveProperty('reason', reason);
    }
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a').toString('base64');
    const result = await call(t.app, '/user/import', { file_name: 'big.csv', content: big }, { token: manager });
    expect(result.body.error).toBe('import_file_wrong');
    expect(result.body.details).toHaveProperty('reason', 'size');
  });
});
