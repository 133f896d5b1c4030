import { TEACHING_SOURCE_LIMITS, type TTeachingSource } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember } from '../../testing/audiences.ts';
import { ok } from '../../testing/courses.ts';
import { fixtureTag, insertId } from '../../testing/fixture-rows.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readTeachingSources, teachingSourceUsable } from './index.ts';
import { getFile, pdfBytes, refusal, sendPart, uploadSource } from './source-test-kit.ts';

let t: TestApp;
let siteId: number;
let owner: FreshMember;
let colleague: FreshMember;
let outsider: FreshMember;
let manager: string;
let student: string;
let source: TTeachingSource;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  owner = await freshMember(t, siteId, 'role_teacher');
  colleague = await freshMember(t, siteId, 'role_teacher');
  outsider = await freshMember(t, await siteIdByName(t, '星河数据'), 'role_teacher');
  manager = await sessionFor(t, 'manager');
  student = await sessionFor(t, 'student');
  source = await uploadSource(t, owner.token, 'handout.pdf', pdfBytes(4000));
});
afterAll(() => t.close());

const idsOf = (list: { list: { id: number }[] }) => list.list.map((row) => row.id);

describe('who sees and changes a source', () => {
  it('another teacher of the organisation and a teacher of another one get not_found, on the file route too', async () => {
    for (const caller of [colleague, outsider]) {
      for (const [path, body] of [
        ['/dataset-source/detail', { id: source.id }],
        ['/dataset-source/update', { id: source.id, title: 'mine now' }],
        ['/dataset-source/delete', { id: source.id }],
      ] as const) {
        expect(await refusal(t, path, body, caller.token)).toMatchObject({ status: 404, error: 'not_found' });
      }
      expect((await getFile(t, source.view_url!, caller.token)).statusCode).toBe(404);
      expect((await getFile(t, source.download_url, caller.token)).statusCode).toBe(404);
      expect(idsOf(await ok(t, '/dataset-source/list', {}, caller.token))).not.toContain(source.id);
    }
    expect((await getFile(t, source.view_url!)).statusCode).toBe(401);
  });

  it('a teacher asking for the whole organisation is forbidden; a manager sees, renames and opens any source', async () => {
    expect(await refusal(t, '/dataset-source/list', { scope: 'all' }, colleague.token)).toMatchObject({
      status: 403,
      error: 'forbidden',
    });
    expect((await refusal(t, '/dataset-source/all', {}, colleague.token)).error).toBe('forbidden');
    expect(idsOf(await ok(t, '/dataset-source/list', { scope: 'all', pageSize: 100 }, manager))).toContain(source.id);
    expect(idsOf(await ok(t, '/dataset-source/all', { kind: 'document', pageSize: 100 }, manager))).toContain(
      source.id,
    );
    expect(idsOf(await ok(t, '/dataset-source/all', { kind: 'video', pageSize: 100 }, manager))).not.toContain(
      source.id,
    );
    expect(idsOf(await ok(t, '/dataset-source/list', { pageSize: 100 }, manager))).not.toContain(source.id);
    const renamed = await ok(t, '/dataset-source/update', { id: source.id, title: 'Handout (checked)' }, manager);
    expect(renamed).toMatchObject({ title: 'Handout (checked)', owner_id: owner.id });
    expect((await getFile(t, source.view_url!, manager)).statusCode).toBe(200);
    const managerOfOther = await sessionFor(t, 'manager2');
    expect((await refusal(t, '/dataset-source/detail', { id: source.id }, managerOfOther)).error).toBe('not_found');
  });

  it('a student is forbidden the procedures and the file route', async () => {
    expect((await refusal(t, '/dataset-source/list', {}, student)).error).toBe('forbidden');
    expect((await refusal(t, '/dataset-source/detail', { id: source.id }, student)).error).toBe('forbidden');
    expect((await refusal(t, '/dataset-source/upload-start', { file_name: 'a.pdf', size: 1 }, student)).error).toBe(
      'forbidden',
    );
    expect((await getFile(t, source.view_url!, student)).statusCode).toBe(403);
  });

  it("an upload is its uploader's alone, even for a manager", async () => {
    const started = await ok(t, '/dataset-source/upload-start', { file_name: 'mine.pdf', size: 10 }, owner.token);
    for (const token of [colleague.token, manager, outsider.token]) {
      const part = await sendPart(t, token, started.upload_id, 0, pdfBytes(10));
      expect(part.body.error).toBe('not_found');
      expect((await refusal(t, '/dataset-source/upload-finish', { upload_id: started.upload_id }, token)).error).toBe(
        'not_found',
      );
    }
    const again = await ok(t, '/dataset-source/upload-start', { file_name: 'mine.pdf', size: 10 }, colleague.token);
    expect(again.upload_id).not.toBe(started.upload_id);
    expect(await t.deps.storage.list(`source-uploads/${started.upload_id}`)).toEqual([]);
  });

  it('the courses module reads the organisation’s sources and asks whether a caller may use one', async () => {
    const otherSite = await siteIdByName(t, '星河数据');
    const read = await readTeachingSources(t.deps.db, siteId, [source.id, source.id, 999_999]);
    expect([...read.keys()]).toEqual([source.id]);
    expect(read.get(source.id)).toMatchObject({ kind: 'document', fileName: 'handout.pdf', status: 'ready' });
    expect(read.get(source.id)!.viewKey).toBe(read.get(source.id)!.fileKey);
    expect((await readTeachingSources(t.deps.db, otherSite, [source.id])).size).toBe(0);
    const usable = (userId: number, site: number, key: string) =>
      teachingSourceUsable(
        {
          db: t.deps.db,
          session: { sessionId: 0, userId, username: '', siteId: site, role: '', permissions: new Set([key]) },
        },
        source.id,
      );
    expect(await usable(owner.id, siteId, '/dataset-source/list')).toBe(true);
    expect(await usable(colleague.id, siteId, '/dataset-source/list')).toBe(false);
    expect(await usable(outsider.id, otherSite, '/dataset-source/all')).toBe(false);
    expect(await usable(colleague.id, siteId, '/dataset-source/all')).toBe(true);
  });
});

describe('deleting a source', () => {
  it('is refused while a course task shows it, counted in the list; allowed after, with its files and an audit line', async () => {
    const doomed = await uploadSource(t, owner.token, 'doomed.pdf', pdfBytes(TEACHING_SOURCE_LIMITS.partSize + 5));
    const [row] = await t.deps.db.select().from(schema.teachingSources).where(eq(schema.teachingSources.id, doomed.id));
    const courseId = await insertId(t, schema.courses, { siteId, name: `course ${fixtureTag()}`, ownerId: owner.id });
    const chapterId = await insertId(t, schema.courseChapters, { siteId, courseId, seq: 1, title: 'Week 1' });
    const taskId = await insertId(t, schema.courseTasks, {
      siteId,
      courseId,
      chapterId,
      seq: 1,
      kind: 'material',
      title: 'Read the handout',
      material: { type: 'source', source_id: doomed.id },
    });
    expect(await refusal(t, '/dataset-source/delete', { id: doomed.id }, owner.token)).toMatchObject({
      status: 409,
      error: 'teaching_source_in_use',
      details: { task_count: 1 },
    });
    const listed = await ok(t, '/dataset-source/list', { keyword: 'doomed' }, owner.token);
    expect(listed.list[0]).toMatchObject({ id: doomed.id, task_count: 1 });
    expect((await ok(t, '/dataset-source/detail', { id: doomed.id }, owner.token)).task_count).toBe(1);

    await t.deps.db.delete(schema.courseTasks).where(eq(schema.courseTasks.id, taskId));
    expect(await ok(t, '/dataset-source/delete', { id: doomed.id }, owner.token)).toEqual({ ok: true });
    expect(await t.deps.storage.sizeOf(row!.fileKey)).toBeNull();
    expect((await refusal(t, '/dataset-source/detail', { id: doomed.id }, owner.token)).error).toBe('not_found');
    expect((await getFile(t, doomed.download_url, owner.token)).statusCode).toBe(404);
    const [audit] = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(
        and(eq(schema.auditLogs.action, 'teaching_source_delete'), eq(schema.auditLogs.targetId, String(doomed.id))),
      );
    expect(audit).toMatchObject({ siteId, userId: owner.id, targetType: 'teaching_source' });
  });
});
