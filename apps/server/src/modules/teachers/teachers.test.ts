import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await sessionFor(t, 'manager');
});
afterAll(() => t.close());

const lastAudit = async (action: string) => {
  const rows = await t.deps.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.action, action));
  return rows.at(-1);
};

describe('applying and verification', () => {
  it('apply -> verify pass: the user holds role_teacher and can switch to it', async () => {
    const student = await sessionFor(t, 'student');
    const empty = await call(t.app, '/user/teacher-form', {}, { token: student });
    expect(empty.body.data.application).toBeNull();
    const applied = await call(
      t.app,
      '/user/teacher-create',
      { title: '讲师', bio: '十年教龄', subjects: ['数学', '数学', '物理'] },
      { token: student },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data).toMatchObject({ status: 'applied', subjects: ['数学', '物理'], username: 'student' });
    const again = await call(t.app, '/user/teacher-create', { title: 'x' }, { token: student });
    expect(again.body.error).toBe('conflict');
    const before = await call(t.app, '/user/change-role', { rolename: 'role_teacher' }, { token: student });
    expect(before.status).not.toBe(200);

    const verified = await call(
      t.app,
      '/user/teacher-verify',
      { id: applied.body.data.id, pass: true },
      { token: manager },
    );
    expect(verified.body.data).toMatchObject({ status: 'verified', reject_reason: null });
    expect(verified.body.data.verified_at).not.toBeNull();
    expect((await lastAudit('teacher_verify'))?.details).toMatchObject({
      before: { status: 'applied' },
      after: { status: 'verified' },
    });
    const twice = await call(
      t.app,
      '/user/teacher-verify',
      { id: applied.body.data.id, pass: true },
      { token: manager },
    );
    expect(twice.body.error).toBe('conflict');

    const switched = await call(t.app, '/user/change-role', { rolename: 'role_teacher' }, { token: student });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const notices = await call(t.app, '/user/teacher-notice-item-list', {}, { token: student });
    expect(notices.status).toBe(200);
    const form = await call(t.app, '/user/teacher-form', {}, { token: student });
    expect(form.body.data.application).toMatchObject({ status: 'verified' });
  });

  it('rejecting needs a reason; a rejected member may apply again', async () => {
    const producer = await sessionFor(t, 'producer');
    const applied = (await call(t.app, '/user/teacher-create', { title: 'p' }, { token: producer })).body.data;
    const noReason = await call(t.app, '/user/teacher-verify', { id: applied.id, pass: false }, { token: manager });
    expect(noReason.status).toBe(400);
    const rejected = await call(
      t.app,
      '/user/teacher-verify',
      { id: applied.id, pass: false, reason: '资料不全' },
      { token: manager },
    );
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reject_reason: '资料不全' });
    const again = await call(t.app, '/user/teacher-create', { title: 'p2' }, { token: producer });
    expect(again.body.data).toMatchObject({ id: applied.id, status: 'applied', title: 'p2', reject_reason: null });
  });

  it('blacklist: filtered, cannot be verified, cannot apply again; whitelist undoes it', async () => {
    const annotator = await sessionFor(t, 'annotator');
    const applied = (await call(t.app, '/user/teacher-create', {}, { token: annotator })).body.data;
    const black = await call(t.app, '/user/teacher-set-blacklist', { id: applied.id }, { token: manager });
    expect(black.body.data.blacklisted).toBe(true);
    const listed = await call(t.app, '/user/teacher-list', { blacklisted: true }, { token: manager });
    expect(listed.body.data.list.map((r) => r.id)).toEqual([applied.id]);
    const verify = await call(t.app, '/user/teacher-verify', { id: applied.id, pass: true }, { token: manager });
    expect(verify.body.error).toBe('conflict');
    await t.deps.db
      .update(schema.teacherProfiles)
      .set({ status: 'rejected' })
      .where(eq(schema.teacherProfiles.id, applied.id));
    const reapply = await call(t.app, '/user/teacher-create', {}, { token: annotator });
    expect(reapply.body.error).toBe('conflict');
    const white = await call(t.app, '/user/teacher-set-whitelist', { id: applied.id }, { token: manager });
    expect(white.body.data.blacklisted).toBe(false);
    expect((await call(t.app, '/user/teacher-create', {}, { token: annotator })).status).toBe(200);
    const rejected = await call(
      t.app,
      '/user/teacher-verify',
      { id: applied.id, pass: false, reason: 'x' },
      { token: manager },
    );
    expect(rejected.body.data.status).toBe('rejected');
    const stat = await call(t.app, '/user/teacher-stat', {}, { token: manager });
    expect(stat.body.data).toMatchObject({ blacklisted: 0 });
    expect(stat.body.data.total).toBe(stat.body.data.applied + stat.body.data.verified + stat.body.data.rejected);
  });

  it('top ordering: pinned teachers come first', async () => {
    const all = (await call(t.app, '/user/teacher-list', {}, { token: manager })).body.data.list;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const oldest = all.at(-1)!;
    await call(t.app, '/user/teacher-set-top', { id: oldest.id }, { token: manager });
    const pinned = (await call(t.app, '/user/teacher-list', {}, { token: manager })).body.data.list;
    expect(pinned[0]).toMatchObject({ id: oldest.id, top: true });
    await call(t.app, '/user/teacher-cancel-top', { id: oldest.id }, { token: manager });
    const unpinned = (await call(t.app, '/user/teacher-list', {}, { token: manager })).body.data.list;
    expect(unpinned.at(-1)).toMatchObject({ id: oldest.id, top: false });
    const keyword = await call(t.app, '/user/teacher-list', { keyword: 'student' }, { token: manager });
    expect(keyword.body.data.list.map((r) => r.username)).toEqual(['student']);
  });

  it('another organisation cannot reach a teacher record (not_found); delete takes role_teacher away', async () => {
    const own = (await call(t.app, '/user/teacher-list', { keyword: 'student' }, { token: manager })).body.data
      .list[0]!;
    const manager2 = await sessionFor(t, 'manager2');
    const foreign = await call(t.app, '/user/teacher-detail', { id: own.id }, { token: manager2 });
    expect(foreign.body.error).toBe('not_found');
    const foreignVerify = await call(t.app, '/user/teacher-set-top', { id: own.id }, { token: manager2 });
    expect(foreignVerify.body.error).toBe('not_found');

    const deleted = await call(t.app, '/user/teacher-delete', { id: own.id }, { token: manager });
    expect(deleted.body.data).toEqual({ ok: true });
    const [membership] = await t.deps.db
      .select({ id: schema.siteUsers.id, currentRole: schema.siteUsers.currentRole })
      .from(schema.siteUsers)
      .innerJoin(schema.users, eq(schema.users.id, schema.siteUsers.userId))
      .where(eq(schema.users.username, 'student'));
    const roles = await t.deps.db
      .select()
      .from(schema.siteUserRoles)
      .where(eq(schema.siteUserRoles.siteUserId, membership!.id));
    expect(roles.map((r) => r.roleKey)).toEqual(['role_student']);
    expect(membership!.currentRole).toBe('role_student');
  });
});

describe('teacher notices', () => {
  it('a manager saves notices; a teacher sees them with read state, reading marks read', async () => {
    const created = await call(
      t.app,
      '/user/teacher-notice-save',
      { title: '开学通知', content: '请于周一到校' },
      { token: manager },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ own_site: true, read_count: 0 });
    const updated = await call(
      t.app,
      '/user/teacher-notice-save',
      { id: created.body.data.id, title: '开学通知（更新）', content: '请于周二到校' },
      { token: manager },
    );
    expect(updated.body.data.title).toBe('开学通知（更新）');
    expect((await lastAudit('teacher_notice_update'))?.details).toMatchObject({
      before: { title: '开学通知' },
      after: { title: '开学通知（更新）' },
    });
    const [platformWide] = await t.deps.db
      .insert(schema.teacherNotices)
      .values({ siteId: null, title: 'platform', content: 'all teachers' })
      .returning();
    const [foreign] = await t.deps.db
      .insert(schema.teacherNotices)
      .values({ siteId: await siteIdByName(t, '星河数据'), title: 'other', content: 'x' })
      .returning();

    const teacher = await sessionFor(t, 'teacher');
    const items = await call(t.app, '/user/teacher-notice-item-list', {}, { token: teacher });
    expect(items.body.data.list.map((n) => n.id)).toEqual([platformWide!.id, created.body.data.id]);
    expect(items.body.data.unread_total).toBe(2);
    const read = await call(t.app, '/user/teacher-notice-detail', { id: created.body.data.id }, { token: teacher });
    expect(read.body.data).toMatchObject({ read: true, content: '请于周二到校' });
    const after = await call(t.app, '/user/teacher-notice-item-list', {}, { token: teacher });
    expect(after.body.data.unread_total).toBe(1);
    expect(after.body.data.list.find((n) => n.id === created.body.data.id)?.read).toBe(true);
    const unread = await call(t.app, '/user/teacher-notice-item-list', { unread: true }, { token: teacher });
    expect(unread.body.data.list.map((n) => n.id)).toEqual([platformWide!.id]);

    const foreignRead = await call(t.app, '/user/teacher-notice-detail', { id: foreign!.id }, { token: teacher });
    expect(foreignRead.body.error).toBe('not_found');
    const editPlatform = await call(
      t.app,
      '/user/teacher-notice-save',
      { id: platformWide!.id, title: 'x', content: 'x' },
      { token: manager },
    );
    expect(editPlatform.body.error).toBe('not_found');
    const list = await call(t.app, '/user/teacher-notice-list', {}, { token: manager });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id: created.body.data.id, read_count: 1 })]);
  });
});

describe('teacher import, keyword search, follows and resumes', () => {
  const csv = (text: string) => `data:text/csv;base64,${Buffer.from(text).toString('base64')}`;
  const pdf = (text: string) => `data:application/pdf;base64,${Buffer.from(`%PDF-1.4 ${text}`).toString('base64')}`;
  let reviewerId: number;

  it('imports verified teachers of existing members; bad rows come back with reasons', async () => {
    const file = [
      'username,title,subjects',
      'teamadmin,高级讲师,数学;物理',
      'reviewer,讲师,"数学, 英语"',
      'nobody,x,',
      'student2,x,',
      'teamadmin,again,',
      ',no user,',
      `contentmgr,${'x'.repeat(51)},`,
      `producer,p,${Array.from({ length: 11 }, (_, i) => `s${i}`).join(';')}`,
    ].join('\n');
    const result = await call(
      t.app,
      '/user/teacher-import',
      { file_name: 'teachers.csv', content: csv(file) },
      { token: manager },
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toEqual({
      success: 2,
      failures: [
        { row: 4, username: 'nobody', reason: 'not_member' },
        { row: 5, username: 'student2', reason: 'not_member' },
        { row: 6, username: 'teamadmin', reason: 'duplicate_in_file' },
        { row: 7, username: '', reason: 'missing_username' },
        { row: 8, username: 'contentmgr', reason: 'bad_title' },
        { row: 9, username: 'producer', reason: 'bad_subjects' },
      ],
    });
    const listed = await call(t.app, '/user/teacher-list', { keyword: 'reviewer' }, { token: manager });
    const reviewer = listed.body.data.list[0]!;
    reviewerId = reviewer.id;
    expect(reviewer).toMatchObject({ status: 'verified', title: '讲师', subjects: ['数学', '英语'], resume_url: null });
    expect((await lastAudit('teacher_import'))?.details).toMatchObject({ after: { created: 2, failed: 6 } });
    const reviewerToken = await sessionFor(t, 'reviewer');
    const switched = await call(t.app, '/user/change-role', { rolename: 'role_teacher' }, { token: reviewerToken });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);

    const again = await call(
      t.app,
      '/user/teacher-import',
      { file_name: 'teachers.csv', content: csv('用户名,职称\nteamadmin,x\nproducer,新讲师') },
      { token: manager },
    );
    // producer's pending application is verified with the file's title.
    expect(again.body.data).toEqual({
      success: 1,
      failures: [{ row: 2, username: 'teamadmin', reason: 'already_teacher' }],
    });
    const noColumn = await call(
      t.app,
      '/user/teacher-import',
      { file_name: 'teachers.csv', content: csv('title\nx') },
      { token: manager },
    );
    expect(noColumn.body.error).toBe('import_file_wrong');
  });

  it('keyword search ranks verified teachers by how many words match', async () => {
    const search = async (keyword: string) =>
      (await call(t.app, '/user/teacher-ai-search', { keyword }, { token: manager })).body.data.list;
    const both = await search('数学 英语');
    expect(both.map((r) => [r.username, r.matched_words])).toEqual([
      ['reviewer', 2],
      ['teamadmin', 1],
    ]);
    expect((await search('审核员')).map((r) => r.username)).toEqual(['reviewer']);
    expect(await search('nothing-like-this')).toEqual([]);
    // annotator's record is rejected: not found by the search.
    expect(await search('标注员')).toEqual([]);
    const manager2 = await sessionFor(t, 'manager2');
    const foreign = await call(t.app, '/user/teacher-ai-search', { keyword: '数学' }, { token: manager2 });
    expect(foreign.body.data.list).toEqual([]);
  });

  it('members follow verified teachers of their organisation and list them', async () => {
    const student = await sessionFor(t, 'student');
    const followed = await call(t.app, '/user/teacher-follow-create', { teacher_id: reviewerId }, { token: student });
    expect(followed.body.data).toEqual({ ok: true });
    const twice = await call(t.app, '/user/teacher-follow-create', { teacher_id: reviewerId }, { token: student });
    expect(twice.status).toBe(200);
    const annotatorRecord = (await call(t.app, '/user/teacher-list', { keyword: 'annotator' }, { token: manager })).body
      .data.list[0]!;
    const unverified = await call(
      t.app,
      '/user/teacher-follow-create',
      { teacher_id: annotatorRecord.id },
      { token: student },
    );
    expect(unverified.body.error).toBe('teacher_not_verified');
    const student2 = await sessionFor(t, 'student2');
    const foreign = await call(t.app, '/user/teacher-follow-create', { teacher_id: reviewerId }, { token: student2 });
    expect(foreign.body.error).toBe('not_found');

    const list = await call(t.app, '/user/teacher-follow-list', {}, { token: student });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id: reviewerId, nickname: '审核员', title: '讲师' }] });
    await call(t.app, '/user/teacher-set-blacklist', { id: reviewerId }, { token: manager });
    const hidden = await call(t.app, '/user/teacher-follow-list', {}, { token: student });
    expect(hidden.body.data.total).toBe(0);
    await call(t.app, '/user/teacher-set-whitelist', { id: reviewerId }, { token: manager });
  });

  it('stores a PDF or DOCX resume and keeps its URL; other files are refused', async () => {
    const stored = await call(
      t.app,
      '/user/teacher-import-resume',
      { teacher_id: reviewerId, file: pdf('my resume') },
      { token: manager },
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data.resume_url).toMatch(/^\/files\/teacher-resumes\/[0-9a-f]{64}\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: stored.body.data.resume_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.body).toBe('%PDF-1.4 my resume');

    const docxBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....word/document.xml')]);
    const docx = await call(
      t.app,
      '/user/teacher-import-resume',
      {
        teacher_id: reviewerId,
        file: `data:application/vnd.openxmlformats-officedocument.wordprocessingml.document;base64,${docxBytes.toString('base64')}`,
      },
      { token: manager },
    );
    expect(docx.body.data.resume_url).toMatch(/\.docx$/);

    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64')}`;
    const wrongType = await call(
      t.app,
      '/user/teacher-import-resume',
      { teacher_id: reviewerId, file: png },
      { token: manager },
    );
    expect(wrongType.body.error).toBe('resume_file_wrong');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-');
    const tooBig = await call(
      t.app,
      '/user/teacher-import-resume',
      { teacher_id: reviewerId, file: `data:application/pdf;base64,${big.toString('base64')}` },
      { token: manager },
    );
    expect(tooBig.body.error).toBe('resume_file_wrong');
    const detail = await call(t.app, '/user/teacher-detail', { id: reviewerId }, { token: manager });
    expect(detail.body.data.resume_url).toBe(docx.body.data.resume_url);
    expect((await lastAudit('teacher_import_resume'))?.details).toMatchObject({
      after: { resume_url: docx.body.data.resume_url },
    });
  });
});
