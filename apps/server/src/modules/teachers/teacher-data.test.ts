import { schema } from '@app/db';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupCode } from '../../testing/mail.ts';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await sessionFor(t, 'manager');
});
afterAll(() => t.close());

const csv = (text: string) => `data:text/csv;base64,${Buffer.from(text).toString('base64')}`;
async function xlsx(rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('teachers');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}
const lastAudit = async (action: string) =>
  (await t.deps.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.action, action))).at(-1);
const teacherOf = async (username: string) =>
  (await call(t.app, '/user/teacher-list', { keyword: username }, { token: manager })).body.data.list.find(
    (row) => row.username === username,
  );

describe('/user/teacher-data-import', () => {
  beforeAll(async () => {
    const made = await call(
      t.app,
      '/user/teacher-import',
      { file_name: 'teachers.csv', content: csv('username,title\nreviewer,讲师\nannotator,讲师') },
      { token: manager },
    );
    expect(made.body.data.success).toBe(2);
    const producer = await sessionFor(t, 'producer');
    expect((await call(t.app, '/user/teacher-create', { title: '助教' }, { token: producer })).status).toBe(200);
    await t.deps.db.update(schema.users).set({ mobile: '13800000001' }).where(eq(schema.users.username, 'reviewer'));
    await t.deps.db
      .update(schema.users)
      .set({ mobile: '13800000002' })
      .where(inArray(schema.users.username, ['annotator', 'producer']));
    await t.deps.db.update(schema.users).set({ mobile: '13800000003' }).where(eq(schema.users.username, 'student'));
  });

  it('fills in title, subjects and introduction of teachers found by username or mobile, with reasons for bad rows', async () => {
    const file = [
      'username,mobile,title,subjects,bio',
      'reviewer,,高级讲师,数学 英语,十年教龄',
      ',13800000001,,,重复',
      ',13800000002,教授,,',
      ',13800000003,教授,,',
      'nobody,,教授,,',
      ',,教授,,',
      `producer,,${'x'.repeat(51)},,`,
      `producer,,,${Array.from({ length: 11 }, (_, i) => `s${i}`).join(' ')},`,
      `producer,,,,${'x'.repeat(501)}`,
      'PRODUCER,,,物理,',
    ].join('\n');
    const result = await call(
      t.app,
      '/user/teacher-data-import',
      { file_name: 'data.csv', content: csv(file) },
      { token: manager },
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toEqual({
      success: 2,
      failures: [
        { row: 3, key: '13800000001', reason: 'duplicate_in_file' },
        { row: 4, key: '13800000002', reason: 'mobile_ambiguous' },
        { row: 5, key: '13800000003', reason: 'not_teacher' },
        { row: 6, key: 'nobody', reason: 'not_teacher' },
        { row: 7, key: '', reason: 'missing_key' },
        { row: 8, key: 'producer', reason: 'bad_title' },
        { row: 9, key: 'producer', reason: 'bad_subjects' },
        { row: 10, key: 'producer', reason: 'bad_bio' },
      ],
    });
    expect(await teacherOf('reviewer')).toMatchObject({
      title: '高级讲师',
      subjects: ['数学', '英语'],
      bio: '十年教龄',
      status: 'verified',
    });
    // Empty cells leave the fields as they were; an application keeps its status.
    expect(await teacherOf('producer')).toMatchObject({ title: '助教', subjects: ['物理'], status: 'applied' });
    const audit = await lastAudit('teacher_data_import');
    expect(audit?.details).toMatchObject({
      file_name: 'data.csv',
      updated: 2,
      failed: 8,
      before: expect.arrayContaining([expect.objectContaining({ title: '讲师', bio: '' })]),
      after: expect.arrayContaining([expect.objectContaining({ title: '高级讲师', bio: '十年教龄' })]),
    });
  });

  it('reads .xlsx with Chinese headers and refuses a file without a username or mobile column', async () => {
    const content = await xlsx([
      ['手机号', '简介'],
      ['13800000001', '新简介'],
    ]);
    const result = await call(
      t.app,
      '/user/teacher-data-import',
      { file_name: 'data.xlsx', content },
      { token: manager },
    );
    expect(result.body.data).toEqual({ success: 1, failures: [] });
    expect((await teacherOf('reviewer'))?.bio).toBe('新简介');
    const noKey = await call(
      t.app,
      '/user/teacher-data-import',
      { file_name: 'data.csv', content: csv('title\nx') },
      { token: manager },
    );
    expect(noKey.body).toMatchObject({ error: 'import_file_wrong', details: { reason: 'columns' } });
    const student = await sessionFor(t, 'student');
    const refused = await call(
      t.app,
      '/user/teacher-data-import',
      { file_name: 'data.csv', content: csv('username\nx') },
      { token: student },
    );
    expect(refused.body.error).toBe('forbidden');
  });
});

describe('/user/teacher-invitation-fill-info', () => {
  it('an invited person fills in their teacher information after approval; it waits as an application', async () => {
    const link = (await call(t.app, '/invitation/create', { remarks: 'teachers' }, { token: manager })).body.data;
    const person = {
      invitation: link.token,
      username: 'invited_teacher',
      nickname: 'Invited Teacher',
      email: 'invited_teacher@example.com',
      mobile: '13900000001',
      password: 'abc123',
    };
    const code = await signupCode(t, person.email);
    expect((await call(t.app, '/index/register', { ...person, code })).status).toBe(200);
    const pending = await call(t.app, '/user/pending-list', {}, { token: manager });
    const row = pending.body.data.list.find((r) => r.username === person.username);
    expect((await call(t.app, '/user/approve', { ids: [row!.id] }, { token: manager })).status).toBe(200);
    const invited = await loginAs(t.app, person.username, person.password);

    for (const bad of [
      { title: '', subjects: ['数学'] },
      { title: '讲师', subjects: [] },
      { title: 'x'.repeat(51), subjects: ['a'] },
    ]) {
      const answer = await call(t.app, '/user/teacher-invitation-fill-info', bad, { token: invited });
      expect(answer.body.error, JSON.stringify(bad)).toBe('invalid_input');
    }
    const filled = await call(
      t.app,
      '/user/teacher-invitation-fill-info',
      { title: '讲师', subjects: ['数学'], bio: '新来的' },
      { token: invited },
    );
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body.data).toMatchObject({ status: 'applied' });
    const corrected = await call(
      t.app,
      '/user/teacher-invitation-fill-info',
      { title: '副教授', subjects: ['数学', '物理'] },
      { token: invited },
    );
    expect(corrected.body.data.id).toBe(filled.body.data.id);
    expect(await teacherOf('invited_teacher')).toMatchObject({
      title: '副教授',
      subjects: ['数学', '物理'],
      status: 'applied',
    });
    expect((await lastAudit('teacher_invitation_fill_info'))?.details).toMatchObject({
      before: { title: '讲师' },
      after: { title: '副教授', status: 'applied' },
    });
    const verified = await call(
      t.app,
      '/user/teacher-verify',
      { id: filled.body.data.id, pass: true },
      { token: manager },
    );
    expect(verified.body.data.status).toBe('verified');
    const after = await call(
      t.app,
      '/user/teacher-invitation-fill-info',
      { title: '教授', subjects: ['数学'] },
      { token: invited },
    );
    expect(after.body.error).toBe('conflict');
  });

  it('is refused to a member who did not join by invitation', async () => {
    const student = await sessionFor(t, 'student');
    const refused = await call(
      t.app,
      '/user/teacher-invitation-fill-info',
      { title: '讲师', subjects: ['数学'] },
      { token: student },
    );
    expect(refused).toMatchObject({ status: 403, body: { error: 'not_invited' } });
  });
});
