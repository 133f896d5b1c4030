import type { ProcedurePath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMember } from '../../testing/audiences.ts';
import { ok as okCall } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { insertExam } from '../../testing/exams.ts';
import { type AuthoringFixture, authoringFixture, writeQuestion } from '../../testing/question-bank.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let fixture: AuthoringFixture;
let otherSiteId: number;

const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
  okCall(t, path, body, token);

beforeAll(async () => {
  t = await createTestApp();
  fixture = await authoringFixture(t);
  ({ otherSiteId } = await demoSiteIds(t));
});
afterAll(() => t.close());

/** An exam that hides its analysis from candidates: a blank (50) and an essay (50); one candidate sits it. */
async function sitting() {
  const blank = (await writeQuestion(t, fixture, { type: 'blank', spec: { blanks: [{ accepted: ['Paris'] }] } })).id;
  const essay = (await writeQuestion(t, fixture, { type: 'essay', spec: { rubric: [], word_limit: 0 } })).id;
  const examId = await insertExam(t, fixture.siteId, {
    questionIds: [blank, essay],
    totalScore: 100,
    passScore: 60,
    showAnalysis: false,
  });
  const c = await freshCandidate(t, fixture.siteId);
  const { attempt_id } = await ok('/dataset-examine/start', { exam_id: examId }, c.token);
  await ok(
    '/dataset-examine/answer',
    { attempt_id, question_id: blank, response: { texts: ['Rome'] }, client_seq: 1 },
    c.token,
  );
  await ok(
    '/dataset-examine/answer',
    { attempt_id, question_id: essay, response: { text: 'My essay' }, client_seq: 2 },
    c.token,
  );
  return { examId, blank, essay, c, attemptId: attempt_id as number };
}

describe("a candidate's attempt read by the exam's teachers (/trainingcamp/stuExamDetail)", () => {
  it("names the candidate and shows every answer with its key and marks, which the candidate's own result hides", async () => {
    const s = await sitting();
    const open = await call(
      t.app,
      '/dataset-examine/attempt-detail',
      { attempt_id: s.attemptId },
      { token: fixture.teacher },
    );
    expect(open.body.error).toBe('exam_not_submitted');
    await ok('/dataset-examine/submit', { attempt_id: s.attemptId }, s.c.token);
    const own = await ok('/dataset-examine/result', { attempt_id: s.attemptId }, s.c.token);
    expect(own.questions.map((q: { spec: unknown }) => q.spec)).toEqual([null, null]);

    const detail = await ok('/dataset-examine/attempt-detail', { attempt_id: s.attemptId }, fixture.teacher);
    expect(detail.username).toBe(s.c.username);
    expect(detail.status).toBe('being_graded');
    expect(detail.show_analysis).toBe(true);
    expect(detail.questions).toMatchObject([
      { response: { texts: ['Rome'] }, spec: { blanks: [{ accepted: ['Paris'] }] }, earned: 0 },
      { response: { text: 'My essay' }, earned: null },
    ]);

    await ok(
      '/dataset-examine/mark',
      { attempt_id: s.attemptId, question_id: s.essay, points: 40, comment: 'Good' },
      fixture.teacher,
    );
    const marked = await ok('/dataset-examine/attempt-detail', { attempt_id: s.attemptId }, fixture.teacher);
    expect(marked.score).toBe(40);
    expect(marked.passed).toBe(false);
    expect(marked.questions[1]).toMatchObject({ earned: 40, comment: 'Good' });
  });

  it('is refused to the candidate, and not found for a teacher of another organisation', async () => {
    const s = await sitting();
    await ok('/dataset-examine/submit', { attempt_id: s.attemptId }, s.c.token);
    const byCandidate = await call(
      t.app,
      '/dataset-examine/attempt-detail',
      { attempt_id: s.attemptId },
      { token: s.c.token },
    );
    expect(byCandidate.status).toBe(403);
    const stranger = await freshMember(t, otherSiteId, 'role_teacher');
    const byStranger = await call(
      t.app,
      '/dataset-examine/attempt-detail',
      { attempt_id: s.attemptId },
      { token: stranger.token },
    );
    expect(byStranger.body.error).toBe('not_found');
  });
});
