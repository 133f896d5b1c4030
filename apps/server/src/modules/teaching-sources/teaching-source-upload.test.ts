import { TEACHING_SOURCE_LIMITS } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember } from '../../testing/audiences.ts';
import { ok } from '../../testing/courses.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { getFile, pdfBytes, refusal, sendPart, uploadSource } from './source-test-kit.ts';
import { sweepSourceUploads } from './sweep-source-uploads.ts';

const PART = TEACHING_SOURCE_LIMITS.partSize;

let t: TestApp;
let siteId: number;
let teacher: FreshMember;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  teacher = await freshMember(t, siteId, 'role_teacher');
});
afterAll(() => t.close());

/** The caller's unfinished uploads, and the files of the store under a folder. */
const uploadsOf = (userId: number) =>
  t.deps.db
    .select({ id: schema.teachingSourceUploads.id })
    .from(schema.teachingSourceUploads)
    .where(eq(schema.teachingSourceUploads.ownerId, userId));
const filesUnder = (folder: string) => t.deps.storage.list(folder);

describe('a resumable upload', () => {
  it('takes parts in any order, again, resumes, and makes a pdf ready at once that is served back byte for byte', async () => {
    const bytes = pdfBytes(2 * PART + 1000);
    const start = { file_name: 'Lecture notes, week 1.pdf', size: bytes.length };
    const started = await ok(t, '/dataset-source/upload-start', start, teacher.token);
    expect(started).toMatchObject({ part_size: PART, part_count: 3, received: [] });
    const id = started.upload_id;
    const part = (seq: number) => bytes.subarray(seq * PART, (seq + 1) * PART);

    expect((await sendPart(t, teacher.token, id, 2, part(2))).body.data.received).toEqual([2]);
    expect((await sendPart(t, teacher.token, id, 0, part(0))).body.data.received).toEqual([0, 2]);
    expect((await sendPart(t, teacher.token, id, 0, part(0))).body.data.received).toEqual([0, 2]);
    const resumed = await ok(t, '/dataset-source/upload-start', start, teacher.token);
    expect(resumed).toMatchObject({ upload_id: id, received: [0, 2] });

    const early = await refusal(t, '/dataset-source/upload-finish', { upload_id: id }, teacher.token);
    expect(early).toMatchObject({ status: 409, error: 'teaching_source_parts_missing', details: { missing: [1] } });

    // A part of the wrong size is refused and nothing of it stays; nor does a part past the end.
    const short = await sendPart(t, teacher.token, id, 1, part(1).subarray(1));
    expect(short.body).toMatchObject({
      error: 'teaching_source_part_wrong',
      details: { seq: 1, expected_bytes: PART },
    });
    const long = await sendPart(t, teacher.token, id, 2, part(1).subarray(0, 1001));
    expect(long.body.error).toBe('teaching_source_part_wrong');
    const beyond = await sendPart(t, teacher.token, id, 3, part(2));
    expect(beyond.body).toMatchObject({ error: 'teaching_source_part_wrong', details: { part_count: 3 } });
    expect(await filesUnder(`source-uploads/${id}`)).toEqual(['0', '2']);
    expect((await ok(t, '/dataset-source/upload-start', start, teacher.token)).received).toEqual([0, 2]);

    await sendPart(t, teacher.token, id, 1, part(1));
    const source = await ok(t, '/dataset-source/upload-finish', { upload_id: id }, teacher.token);
    expect(source).toMatchObject({
      kind: 'document',
      title: 'Lecture notes, week 1',
      file_name: 'Lecture notes, week 1.pdf',
      file_size: bytes.length,
      status: 'ready',
      failure: null,
      view_url: `/api/file/teaching-source/${source.id}`,
      download_url: `/api/file/teaching-source/${source.id}?download=1`,
      owner_id: teacher.id,
      owner_name: teacher.username,
      task_count: 0,
    });
    expect(await uploadsOf(teacher.id)).toEqual([]);
    expect(await filesUnder(`source-uploads/${id}`)).toEqual([]);

    const whole = await getFile(t, source.view_url!, teacher.token);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const range = await getFile(t, source.view_url!, teacher.token, { range: `bytes=${PART - 10}-${PART + 9}` });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes ${PART - 10}-${PART + 9}/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(PART - 10, PART + 10))).toBe(true);
    const download = await getFile(t, source.download_url, teacher.token);
    expect(download.statusCode).toBe(200);
    expect(String(download.headers['content-disposition'])).toContain(
      `attachment; filename*=UTF-8''${encodeURIComponent('Lecture notes, week 1.pdf')}`,
    );
    expect(download.rawPayload.equals(bytes)).toBe(true);

    const listed = await ok(t, '/dataset-source/list', { keyword: 'week 1' }, teacher.token);
    expect(listed.list.map((row) => row.id)).toEqual([source.id]);
    const renamed = await ok(t, '/dataset-source/update', { id: source.id, title: 'Week one' }, teacher.token);
    expect(renamed.title).toBe('Week one');
  });

  it('refuses other types, sizes over the limit and bytes that are not what the name says, keeping nothing', async () => {
    const before = await t.deps.storage.list('');
    const start = (file_name: string, size: number) =>
      refusal(t, '/dataset-source/upload-start', { file_name, size }, teacher.token);
    expect(await start('setup.exe', 10)).toMatchObject({
      error: 'teaching_source_type_unsupported',
      details: { extension: 'exe' },
    });
    expect((await start('README', 10)).error).toBe('teaching_source_type_unsupported');
    expect(await start('big.pdf', TEACHING_SOURCE_LIMITS.documentMaxBytes + 1)).toMatchObject({
      status: 413,
      error: 'upload_too_large',
      details: { max_bytes: TEACHING_SOURCE_LIMITS.documentMaxBytes },
    });
    expect((await start('huge.mp4', TEACHING_SOURCE_LIMITS.videoMaxBytes + 1)).error).toBe('invalid_input');
    expect(await uploadsOf(teacher.id)).toEqual([]);

    const fake = Buffer.from('this is plain text, not a pdf');
    const started = await ok(
      t,
      '/dataset-source/upload-start',
      { file_name: 'fake.pdf', size: fake.length },
      teacher.token,
    );
    await sendPart(t, teacher.token, started.upload_id, 0, fake);
    const finish = await refusal(t, '/dataset-source/upload-finish', { upload_id: started.upload_id }, teacher.token);
    expect(finish).toMatchObject({ error: 'upload_type_wrong', details: { reason: 'mismatch' } });
    expect(await uploadsOf(teacher.id)).toEqual([]);
    expect(await t.deps.storage.list('')).toEqual(before);
  });

  it('takes the title given, and a video of the largest size', async () => {
    const size = TEACHING_SOURCE_LIMITS.videoMaxBytes;
    const started = await ok(
      t,
      '/dataset-source/upload-start',
      { file_name: 'talk.MP4', size, title: 'Opening talk' },
      teacher.token,
    );
    expect(started.part_count).toBe(Math.ceil(size / PART));
    const [row] = await t.deps.db
      .select()
      .from(schema.teachingSourceUploads)
      .where(eq(schema.teachingSourceUploads.id, started.upload_id));
    expect(row).toMatchObject({ title: 'Opening talk', fileName: 'talk.MP4', siteId });
  });
});

describe('the upload sweeper', () => {
  it('removes uploads idle longer than uploadKeepHours with their parts, and leaves the others', async () => {
    const member = await freshMember(t, siteId, 'role_teacher');
    const idle = await ok(t, '/dataset-source/upload-start', { file_name: 'old.pdf', size: 20 }, member.token);
    await sendPart(t, member.token, idle.upload_id, 0, pdfBytes(20));
    const fresh = await ok(t, '/dataset-source/upload-start', { file_name: 'new.pdf', size: 20 }, member.token);
    const longAgo = new Date(Date.now() - (TEACHING_SOURCE_LIMITS.uploadKeepHours + 1) * 3600_000);
    await t.deps.db
      .update(schema.teachingSourceUploads)
      .set({ updatedAt: longAgo })
      .where(eq(schema.teachingSourceUploads.id, idle.upload_id));
    expect(await sweepSourceUploads(t.deps)).toBe(1);
    expect((await uploadsOf(member.id)).map((row) => row.id)).toEqual([fresh.upload_id]);
    expect(await filesUnder(`source-uploads/${idle.upload_id}`)).toEqual([]);
    expect((await uploadSource(t, member.token, 'again.pdf', pdfBytes(30))).status).toBe('ready');
  });
});
