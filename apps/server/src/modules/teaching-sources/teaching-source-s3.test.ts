import { TEACHING_SOURCE_LIMITS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember } from '../../testing/audiences.ts';
import { ok } from '../../testing/courses.ts';
import { startS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { systemToolPresent } from '../../testing/system-tools.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  docxOf,
  getFile,
  pdfBytes,
  probeBytes,
  uploadSource,
  videoWithSound,
  waitForSource,
} from './source-test-kit.ts';

const hasOffice = systemToolPresent('soffice', 'the office-document conversion tests on a bucket');
const hasFfmpeg = systemToolPresent('ffmpeg', 'the video conversion tests on a bucket');

let s3: TestS3Server;
let t: TestApp;
let teacher: FreshMember;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env());
  teacher = await freshMember(t, await siteIdByName(t, '示范学院'), 'role_teacher');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('on an S3-compatible bucket', () => {
  it('joins the parts into the bucket, serves ranges from it and deletes the files there', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const bytes = pdfBytes(TEACHING_SOURCE_LIMITS.partSize + 777);
    const source = await uploadSource(t, teacher.token, 'reader.pdf', bytes);
    expect(source.status).toBe('ready');
    expect((await getFile(t, source.view_url!, teacher.token)).rawPayload.equals(bytes)).toBe(true);
    const range = await getFile(t, source.view_url!, teacher.token, { range: 'bytes=10-19' });
    expect(range.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    expect(await t.deps.storage.list('source-uploads')).toEqual([]);
    await ok(t, '/dataset-source/delete', { id: source.id }, teacher.token);
    expect(await t.deps.storage.list(`teaching-sources`)).toEqual([]);
  });

  it.runIf(hasFfmpeg)(
    'transcodes a video ffmpeg reads through a presigned address',
    async () => {
      const uploaded = await uploadSource(t, teacher.token, 'clip.avi', videoWithSound('avi', 'mpeg4', 'pcm_s16le'));
      const source = await waitForSource(t, teacher.token, uploaded.id);
      expect(source).toMatchObject({ status: 'ready', failure: null });
      expect(probeBytes((await getFile(t, source.view_url!, teacher.token)).rawPayload)).toMatchObject({
        video: 'h264',
        audio: 'aac',
      });
    },
    120_000,
  );

  it.runIf(hasOffice)(
    'converts an office document from a local copy',
    async () => {
      const uploaded = await uploadSource(t, teacher.token, 'plan.docx', docxOf('On a bucket.'));
      const source = await waitForSource(t, teacher.token, uploaded.id);
      expect(source).toMatchObject({ status: 'ready', failure: null });
      const view = await getFile(t, source.view_url!, teacher.token);
      expect(view.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    },
    180_000,
  );
});
