import type { ProcedurePath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok as okCall } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { insertExam } from '../../testing/exams.ts';
import { fixtureTag } from '../../testing/fixture-rows.ts';
import { pngImage } from '../../testing/media-samples.ts';
import { type AuthoringFixture, authoringFixture, writeQuestion } from '../../testing/question-bank.ts';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { upload } from '../../testing/uploads.ts';

let t: TestApp;
let siteId: number;
let teacher: string;
let fixture: AuthoringFixture;
const hour = 3600_000;

const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
  okCall(t, path, body, token);

beforeAll(async () => {
  t = await createTestApp();
  fixture = await authoringFixture(t);
  ({ siteId, teacher } = fixture);
});
afterAll(() => t.close());

/** Homework of a fill-in-the-blanks and an essay (50 points each), open to every student, published. */
async function homework(dueInHours: number, over: Record<string, unknown> = {}) {
  const create = async (type: string, spec: Record<string, unknown>) =>
    (await writeQuestion(t, fixture, { type, spec })).id;
  const blank = await create('blank', { blanks: [{ accepted: ['Paris'] }] });
  const essay = await create('essay', { word_limit: 200 });
  // The demo organisation reviews questions: a content manager passes them.
  await ok('/dataset-data/verify', { ids: [blank, essay], status: 'passed' }, await sessionFor(t, 'contentmgr'));
  const now = Date.now();
  const saved = await ok(
    '/dataset-examine/create',
    {
      name: `Homework ${fixtureTag()}`,
      kind: 'homework',
      question_ids: [blank, essay],
      total_score: 100,
      pass_score: 60,
      duration_seconds: 60,
      attempts_allowed: 2,
      window_start: new Date(now - 2 * hour).toISOString(),
      due_at: new Date(now + dueInHours * hour).toISOString(),
      window_end: new Date(now + 2 * hour).toISOString(),
      late_penalty: 20,
      ...over,
    },
    teacher,
  );
  await ok('/dataset-examine/publish', { id: saved.id }, teacher);
  return { id: saved.id as number, blank, essay, saved };
}

async function handIn(work: { id: number; blank: number; essay: number }) {
  const c = await freshCandidate(t, siteId);
  const { attempt_id } = await ok('/dataset-examine/start', { exam_id: work.id }, c.token);
  await ok(
    '/dataset-examine/answer',
    { attempt_id, question_id: work.blank, response: { texts: ['Paris'] }, client_seq: 1 },
    c.token,
  );
  // A draft, then the essay as handed in: the newer save stands.
  await ok(
    '/dataset-examine/answer',
    { attempt_id, question_id: work.essay, response: { text: 'Draft' }, client_seq: 2 },
    c.token,
  );
  await ok(
    '/dataset-examine/answer',
    { attempt_id, question_id: work.essay, response: { text: 'The Seine made Paris.' }, client_seq: 3 },
    c.token,
  );
  const result = await ok('/dataset-examine/submit', { attempt_id }, c.token);
  await ok('/dataset-examine/mark', { attempt_id, question_id: work.essay, points: 40, comment: 'Well put.' }, teacher);
  return { c, attemptId: attempt_id as number, submitted: result };
}

describe('homework', () => {
  it('is timed by its window: the attempt may be handed in until the window ends', async () => {
    const work = await homework(1);
    expect(work.saved).toMatchObject({ kind: 'homework', late_penalty: 20 });
    // The whole window (4 hours) is the time to hand in, whatever duration was sent.
    expect(work.saved.duration_seconds).toBe(4 * 3600);
    const { c, attemptId, submitted } = await handIn(work);
    expect(submitted).toMatchObject({ status: 'being_graded', late: false });
    const result = await ok('/dataset-examine/result', { attempt_id: attemptId }, c.token);
    // 50 (blank) + 40 (essay) = 90, on time.
    expect(result).toMatchObject({ status: 'graded', score: 90, passed: true, late: false, late_penalty: 0 });
    expect(result.questions.find((q) => q.id === work.essay)).toMatchObject({ earned: 40, comment: 'Well put.' });
  });

  it('handed in after it was due loses the late penalty', async () => {
    const work = await homework(-1);
    const { c, attemptId } = await handIn(work);
    const result = await ok('/dataset-examine/result', { attempt_id: attemptId }, c.token);
    // 90 less 20 % = 72, still a pass.
    expect(result).toMatchObject({ status: 'graded', score: 72, passed: true, late: true, late_penalty: 20 });
  });

  it('keeps its due time inside the window, and stays out of the exam lists', async () => {
    const now = Date.now();
    const outside = await call(
      t.app,
      '/dataset-examine/create',
      {
        name: 'Homework out of its window',
        kind: 'homework',
        total_score: 100,
        pass_score: 60,
        duration_seconds: 60,
        window_start: new Date(now).toISOString(),
        window_end: new Date(now + hour).toISOString(),
        due_at: new Date(now + 2 * hour).toISOString(),
      },
      { token: teacher },
    );
    expect(outside.body.error).toBe('homework_due_wrong');
    const work = await homework(1);
    const c = await freshCandidate(t, siteId);
    for (const tab of ['exam', 'all'] as const) {
      const mine = await ok('/dataset-examine/my-list', { tab, page: 1, pageSize: 100 }, c.token);
      expect(mine.list.map((e) => e.id)).not.toContain(work.id);
    }
    const pre = await ok('/dataset-examine/pre-exam', { exam_id: work.id }, c.token);
    expect(pre).toMatchObject({ kind: 'homework', late_penalty: 20, blocked: null });
    const teacherList = await ok('/dataset-examine/list', { tab: 'published', page: 1, pageSize: 100 }, teacher);
    expect(teacherList.list.map((e) => e.id)).not.toContain(work.id);
    const homeworkList = await ok(
      '/dataset-examine/list',
      { tab: 'published', kind: 'homework', page: 1, pageSize: 100 },
      teacher,
    );
    expect(homeworkList.list.map((e) => e.id)).toContain(work.id);
  });
});

describe('essay files', () => {
  it('are uploaded to the open attempt, named by the answer, and shown to the candidate and the markers only', async () => {
    const create = async (spec: Record<string, unknown>) =>
      (await writeQuestion(t, fixture, { type: 'essay', spec })).id;
    const withFiles = await create({ file_answers: true });
    const withoutFiles = await create({});
    const examId = await insertExam(t, siteId, { questionIds: [withFiles, withoutFiles], totalScore: 20 });
    const c = await freshCandidate(t, siteId);
    const other = await freshCandidate(t, siteId);
    const { attempt_id } = await ok('/dataset-examine/start', { exam_id: examId }, c.token);
    const image = pngImage(8, 8, 3);
    const sent = (question_id: number, name: string, content: Buffer) =>
      upload(t.app, '/dataset-examine/answer-file', { attempt_id, question_id }, [{ name, content }], {
        token: c.token,
      });
    const refused = await sent(withoutFiles, 'drawing.png', image);
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ error: 'answer_files_not_allowed' });
    expect((await sent(withFiles, 'drawing.png', Buffer.from('not a png'))).body.error).toBe('upload_type_wrong');
    expect((await sent(withFiles, 'drawing.exe', image)).body.error).toBe('upload_type_wrong');
    const stored = await sent(withFiles, 'drawing.png', image);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const file = stored.body.data;
    expect(file).toMatchObject({ name: 'drawing.png', size: image.length, mime: 'image/png' });
    // A key of another attempt is not kept.
    const foreign = { ...file, key: `${attempt_id + 1000}/${file.key.split('/')[1]}` };
    await ok(
      '/dataset-examine/answer',
      {
        attempt_id,
        question_id: withFiles,
        response: { text: 'See my drawing.', files: [file, foreign] },
        client_seq: 1,
      },
      c.token,
    );
    await ok('/dataset-examine/submit', { attempt_id }, c.token);
    const answers = await ok('/dataset-examine/marking-answers', { exam_id: examId, question_id: withFiles }, teacher);
    expect(answers.list[0]?.response?.files).toEqual([file]);
    const url = `/api/file/answer-files/${siteId}/${file.key}`;
    const get = (token: string) => t.app.inject({ method: 'GET', url, headers: { 'access-token': token } });
    const asCandidate = await get(c.token);
    expect(asCandidate.statusCode).toBe(200);
    expect(asCandidate.rawPayload.equals(image)).toBe(true);
    expect((await get(teacher)).statusCode).toBe(200);
    expect((await get(other.token)).statusCode).toBe(404);
  });
});
