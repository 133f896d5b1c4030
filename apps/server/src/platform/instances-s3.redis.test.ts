import { randomInt } from 'node:crypto';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftProject, itemsOf, uploadData } from '../testing/data-test-kit.ts';
import { freshCandidate } from '../testing/exam-taking.ts';
import { examCategory, examQuestions, insertExam } from '../testing/exams.ts';
import { GOOD_RESULT } from '../testing/job-fixture.ts';
import { wavAudio } from '../testing/media-samples.ts';
import { createPackFixture, waitForPack } from '../testing/packs.ts';
import { startS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { sessionFor, siteIdByName } from '../testing/sessions.ts';
import { systemToolPresent } from '../testing/system-tools.ts';
import { call, createTestApp, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { unzipEntries } from '../testing/unzip.ts';
import { ffmpegVideo } from '../testing/video-samples.ts';

// Two instances as a deployment runs them: one PostgreSQL database, one Redis, one S3-compatible bucket, nothing on
// either instance's disk. What one stored or started, the other serves or finishes; A stops half-way through.
const ffmpeg = systemToolPresent('ffmpeg', 'the waveform and video copy made across instances');
const redisUrl = new URL(process.env.TEST_REDIS_URL!);
redisUrl.pathname = `/${randomInt(1, 16)}`;

let s3: TestS3Server;
let database: TestApp['database'];
let a: TestApp;
let aRunning = true;
let b: TestApp;
let siteId: number;

beforeAll(async () => {
  s3 = await startS3Server();
  database = await openTestDatabase();
  const env = { ...s3.env('instances'), REDIS_URL: redisUrl.toString(), SEED_DEMO: 'accounts' };
  a = await createTestApp(env, database);
  b = await createTestApp(env, database);
  siteId = await siteIdByName(a, '示范学院');
});
afterAll(async () => {
  if (aRunning) await a?.close();
  await b?.close();
  await database?.close();
  await s3?.close();
});

const getFile = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'access-token': token } });

describe('two instances on PostgreSQL, Redis and an S3-compatible bucket', () => {
  it('a file uploaded through A is served by B, and B decodes its waveform from the bucket', async () => {
    const producer = await sessionFor(a, 'teamadmin');
    const project = await draftProject(a, siteId);
    const wav = wavAudio(1);
    expect((await uploadData(a, producer, project.id, 'files', [{ name: 'tone.wav', content: wav }])).status).toBe(200);
    const [item] = await itemsOf(a, project.id);
    const served = await getFile(b, `/api/file/data-item/${item!.id}`, producer);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(wav)).toBe(true);
    const part = await b.app.inject({
      method: 'GET',
      url: `/api/file/data-item/${item!.id}`,
      headers: { 'access-token': producer, range: 'bytes=0-43' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(wav.subarray(0, 44))).toBe(true);
    if (ffmpeg) {
      const waveform = await call(b.app, '/data/waveform', { item_id: item!.id }, { token: producer });
      expect(waveform.status).toBe(200);
      expect(waveform.body.data.duration).toBeCloseTo(1, 1);
      // A reads the waveform B cached in the bucket.
      expect((await call(a.app, '/data/waveform', { item_id: item!.id }, { token: producer })).body.data).toEqual(
        waveform.body.data,
      );
    }
  });

  it.skipIf(!ffmpeg)('a video stored through A is transcoded by B into the bucket and played through A', async () => {
    const annotator = await sessionFor(a, 'annotator');
    const project = await draftProject(a, siteId);
    const filePath = `projects/${project.id}/data/clip.avi`;
    await a.deps.storage.saveFile(filePath, ffmpegVideo('avi', 'mpeg4'));
    const [item] = await a.deps.db
      .insert(schema.dataItems)
      .values({ siteId, projectId: project.id, seq: 1, kind: 'video', name: 'clip.avi', filePath, size: 1 })
      .returning({ id: schema.dataItems.id });
    const frames = await call(b.app, '/data/video-frames', { item_id: item!.id }, { token: annotator });
    expect(frames.body.data).toMatchObject({ kind: 'transcoded', codec: 'mpeg4', frame_count: 20 });
    const played = await getFile(a, frames.body.data.url, annotator);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  });

  it('a pack built through A is downloaded from B', async () => {
    const manager = await sessionFor(a, 'manager');
    const fixture = await createPackFixture(a, siteId, { items: 5 });
    const input = { project_id: fixture.projectId, step_id: fixture.executeStepId, format: 'json' };
    const built = await call(a.app, '/pack/build', input, { token: manager });
    expect(built.status).toBe(200);
    const row = await waitForPack(a, manager, fixture.projectId, built.body.data.id, ['succeeded', 'failed']);
    expect(row.status).toBe('succeeded');
    const download = await getFile(b, `/api/pack-file/${row.id}`, manager);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const entries = await unzipEntries(download.rawPayload);
    expect(entries.size).toBeGreaterThan(0);
  });

  it('a job claimed and an exam started on A are finished on B after A stops', async () => {
    const annotator = await sessionFor(a, 'annotator');
    const jobs = await createPackFixture(a, siteId, { items: 3, open: [1, 2, 3] });
    const claimed = await call(a.app, '/task/claim', { task_id: jobs.executeTaskId }, { token: annotator });
    expect(claimed.status).toBe(200);
    const jobId = claimed.body.data.jobs[0]!.id;

    const questionIds = await examQuestions(a, siteId, await examCategory(a, siteId), 2);
    const examId = await insertExam(a, siteId, { questionIds, totalScore: 10, passScore: 5 });
    const candidate = await freshCandidate(a, siteId);
    const started = await call(a.app, '/dataset-examine/start', { exam_id: examId }, { token: candidate.token });
    const attemptId = started.body.data.attempt_id;
    const answer = (question_id: number, client_seq: number) => ({
      attempt_id: attemptId,
      question_id,
      chosen: [0],
      client_seq,
    });
    expect(
      (await call(a.app, '/dataset-examine/answer', answer(questionIds[0]!, 1), { token: candidate.token })).status,
    ).toBe(200);

    await a.close();
    aRunning = false;

    const submitted = await call(b.app, '/task/submit', { job_id: jobId, result: GOOD_RESULT }, { token: annotator });
    expect(submitted.status).toBe(200);
    const [job] = await b.deps.db.select().from(schema.jobs).where(eq(schema.jobs.id, jobId));
    expect(job!.status).not.toBe('doing');
    expect(
      (await call(b.app, '/dataset-examine/answer', answer(questionIds[1]!, 2), { token: candidate.token })).status,
    ).toBe(200);
    const done = await call(b.app, '/dataset-examine/submit', { attempt_id: attemptId }, { token: candidate.token });
    expect(done.status).toBe(200);
    const [attempt] = await b.deps.db.select().from(schema.examAttempts).where(eq(schema.examAttempts.id, attemptId));
    expect(attempt!.submittedAt).not.toBeNull();
    expect(attempt!.score).toBe(10);
  });
});
