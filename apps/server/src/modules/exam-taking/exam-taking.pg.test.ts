import { queryRows, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { examCategory, examQuestions, insertExam } from '../../testing/exams.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { submitAttempt } from './submit-attempt.ts';
import { sweepExamDeadlines } from './sweep-exam-deadlines.ts';

let t: TestApp;
let siteId: number;
beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

it('concurrent starts of one candidate make one attempt, for every candidate of a class', async () => {
  const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 3);
  const examId = await insertExam(t, siteId, { questionIds });
  const candidates = await Promise.all(Array.from({ length: 10 }, () => freshCandidate(t, siteId)));
  const results = await Promise.all(
    candidates.flatMap((c) =>
      Array.from({ length: 3 }, () => call(t.app, '/dataset-examine/start', { exam_id: examId }, { token: c.token })),
    ),
  );
  expect(results.every((r) => r.status === 200)).toBe(true);
  expect(results.filter((r) => !r.body.data.resumed)).toHaveLength(10);
  const [row] = await queryRows<{ attempts: number; users: number }>(
    t.deps.db,
    sql`select count(*)::int as attempts, count(distinct user_id)::int as users from exam_attempts where exam_id = ${examId}`,
  );
  expect(row).toEqual({ attempts: 10, users: 10 });
});

it('a save racing the submit is either graded or refused, never left ungraded; a double submit grades once', async () => {
  const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 20);
  const examId = await insertExam(t, siteId, { questionIds, totalScore: 100, passScore: 50 });
  const c = await freshCandidate(t, siteId);
  const attemptId = (await call(t.app, '/dataset-examine/start', { exam_id: examId }, { token: c.token })).body.data
    .attempt_id;
  const saves = questionIds.map((question_id, i) =>
    call(
      t.app,
      '/dataset-examine/answer',
      { attempt_id: attemptId, question_id, chosen: [0], client_seq: i + 1 },
      { token: c.token },
    ),
  );
  const submits = [
    submitAttempt(t.deps.db, { attemptId, by: 'candidate' }),
    submitAttempt(t.deps.db, { attemptId, by: 'teacher' }),
  ];
  const saved = await Promise.all(saves);
  const outcomes = await Promise.all(submits);
  expect(outcomes.filter((o) => o.submitted)).toHaveLength(1);
  for (const r of saved) expect([200, 409]).toContain(r.status);
  const [attempt] = await t.deps.db.select().from(schema.examAttempts).where(eq(schema.examAttempts.id, attemptId));
  const answers = await t.deps.db.select().from(schema.examAnswers).where(eq(schema.examAnswers.attemptId, attemptId));
  // Every stored answer was graded (5 points each, all right), and the score counts exactly those.
  expect(answers.every((a) => a.correct === true && a.points === 5)).toBe(true);
  expect(attempt!.score).toBe(answers.length * 5);
  const events = await t.deps.db.select().from(schema.examEvents).where(eq(schema.examEvents.attemptId, attemptId));
  expect(events.filter((e) => e.kind === 'submit')).toHaveLength(1);
});

it('two sweepers at once submit every overdue attempt exactly once', async () => {
  const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 2);
  const examId = await insertExam(t, siteId, { questionIds, totalScore: 10, passScore: 5 });
  const candidates = await Promise.all(Array.from({ length: 30 }, () => freshCandidate(t, siteId)));
  const paper = questionIds.map((questionId) => ({ questionId, optionOrder: [0, 1, 2], points: 5 }));
  await t.deps.db
    .insert(schema.examAttempts)
    .values(
      candidates.map((c) => ({ siteId, examId, userId: c.id, seq: 1, paper, deadline: new Date(Date.now() - 1000) })),
    );
  const [a, b] = await Promise.all([sweepExamDeadlines(t.deps), sweepExamDeadlines(t.deps)]);
  expect(a + b).toBe(30);
  const [row] = await queryRows<{ graded: number; submits: number }>(
    t.deps.db,
    sql`select count(*) filter (where a.status = 'graded' and a.submitted_by = 'server')::int as graded,
          (select count(*)::int from exam_events e join exam_attempts x on x.id = e.attempt_id
            where x.exam_id = ${examId} and e.kind = 'submit') as submits
        from exam_attempts a where a.exam_id = ${examId}`,
  );
  expect(row).toEqual({ graded: 30, submits: 30 });
});
