import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok as okCall } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { insertExam } from '../../testing/exams.ts';
import { fixtureTag, insertId } from '../../testing/fixture-rows.ts';
import { type AuthoringFixture, authoringFixture, writeQuestion } from '../../testing/question-bank.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let teacher: string;
let categoryId: number;
let fixture: AuthoringFixture;

const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
  okCall(t, path, body, token);

const choice = (correct: number) => ({
  category_id: categoryId,
  type: 'single',
  stem: `<p>Which? ${fixtureTag()}</p>`,
  options: ['A', 'B', 'C'].map((content, i) => ({ content, correct: i === correct })),
});

beforeAll(async () => {
  t = await createTestApp();
  fixture = await authoringFixture(t);
  ({ siteId, teacher, categoryId } = fixture);
});
afterAll(() => t.close());

async function sit(examId: number, chosen: Record<number, number>) {
  const c = await freshCandidate(t, siteId);
  const { attempt_id } = await ok('/dataset-examine/start', { exam_id: examId }, c.token);
  let seq = 0;
  for (const [questionId, key] of Object.entries(chosen)) {
    seq += 1;
    const body = { attempt_id, question_id: Number(questionId), chosen: [key], client_seq: seq };
    await ok('/dataset-examine/answer', body, c.token);
  }
  const result = await ok('/dataset-examine/submit', { attempt_id }, c.token);
  return { c, attemptId: attempt_id, result };
}

const certificateOf = async (userId: number, examId: number) => {
  const [row] = await t.deps.db
    .select({ revokedAt: schema.certificates.revokedAt })
    .from(schema.certificates)
    .where(
      and(
        eq(schema.certificates.userId, userId),
        eq(schema.certificates.source, 'exam'),
        eq(schema.certificates.sourceId, examId),
      ),
    );
  return row ? (row.revokedAt === null ? 'valid' : 'revoked') : 'none';
};

describe('re-grading after a correction', () => {
  it('changes the score, the pass and the certificate of exactly the attempts that used the question', async () => {
    const q1 = await writeQuestion(t, fixture, choice(0));
    const q2 = await writeQuestion(t, fixture, choice(0));
    const templateId = await insertId(t, schema.certTemplates, {
      siteId,
      name: `regrade ${fixtureTag()}`,
      title: 'Certificate',
      body: '{name} {subject}',
      validMonths: 12,
    });
    const examId = await insertExam(t, siteId, {
      questionIds: [q1.id, q2.id],
      totalScore: 100,
      passScore: 60,
      certTemplateId: templateId,
    });
    const otherExamId = await insertExam(t, siteId, { questionIds: [q2.id], totalScore: 10, passScore: 6 });
    // Under the first key (A right): a 100 (passed), b 50, c 0.
    const a = await sit(examId, { [q1.id]: 0, [q2.id]: 0 });
    const b = await sit(examId, { [q1.id]: 1, [q2.id]: 0 });
    const c = await sit(examId, { [q1.id]: 1, [q2.id]: 1 });
    const other = await sit(otherExamId, { [q2.id]: 0 });
    expect([a.result.score, b.result.score, c.result.score]).toEqual([100, 50, 0]);
    expect(await certificateOf(a.c.id, examId)).toBe('valid');

    // The question is corrected: B is the right option.
    await ok('/dataset-data/update', { id: q1.id, ...choice(1), stem: q1.stem }, teacher);
    const preview = await ok(
      '/dataset-examine/regrade',
      { exam_id: examId, question_id: q1.id, dry_run: true },
      teacher,
    );
    expect(preview.attempt_count).toBe(3);
    expect(
      preview.changes.map((change) => [
        change.attempt_id,
        change.score_before,
        change.score_after,
        change.passed_after,
      ]),
    ).toEqual([
      [a.attemptId, 100, 50, false],
      [b.attemptId, 50, 100, true],
      [c.attemptId, 0, 50, false],
    ]);
    const [untouched] = await t.deps.db
      .select()
      .from(schema.examAttempts)
      .where(eq(schema.examAttempts.id, a.attemptId));
    expect(untouched).toMatchObject({ score: 100, passed: true });

    const done = await ok('/dataset-examine/regrade', { exam_id: examId, question_id: q1.id }, teacher);
    expect(done.changes).toHaveLength(3);
    const after = async (attemptId: number, token: string) =>
      ok('/dataset-examine/result', { attempt_id: attemptId }, token);
    expect(await after(a.attemptId, a.c.token)).toMatchObject({ score: 50, passed: false });
    expect(await after(b.attemptId, b.c.token)).toMatchObject({ score: 100, passed: true });
    expect(await after(c.attemptId, c.c.token)).toMatchObject({ score: 50, passed: false });
    expect(await after(other.attemptId, other.c.token)).toMatchObject({ score: 10, passed: true });
    expect(await certificateOf(a.c.id, examId)).toBe('revoked');
    expect(await certificateOf(b.c.id, examId)).toBe('valid');
    // Each change is on the attempt's timeline and told to its candidate.
    const events = await ok('/dataset-examine/attempt-events', { attempt_id: b.attemptId }, teacher);
    expect(events.list.at(-1)).toMatchObject({
      kind: 'regrade',
      detail: { question_id: q1.id, score: [50, 100], passed: [false, true] },
    });
    const notices = await ok('/message/list', { page: 1, pageSize: 10 }, b.c.token);
    expect(notices.list[0]).toMatchObject({ kind: 'exam_regraded', params: { score: 100, attempt_id: b.attemptId } });
    // Nothing left to change: a second re-grade changes nothing.
    expect((await ok('/dataset-examine/regrade', { exam_id: examId, question_id: q1.id }, teacher)).changes).toEqual(
      [],
    );

    // Corrected back: A passes again, and its certificate is valid again.
    await ok('/dataset-data/update', { id: q1.id, ...choice(0), stem: q1.stem }, teacher);
    await ok('/dataset-examine/regrade', { exam_id: examId, question_id: q1.id }, teacher);
    expect(await certificateOf(a.c.id, examId)).toBe('valid');
  });

  it('is refused to a candidate', async () => {
    const q = await writeQuestion(t, fixture, choice(0));
    const examId = await insertExam(t, siteId, { questionIds: [q.id] });
    const { c } = await sit(examId, { [q.id]: 0 });
    const refused = await call(
      t.app,
      '/dataset-examine/regrade',
      { exam_id: examId, question_id: q.id },
      { token: c.token },
    );
    expect(refused.status).toBe(403);
  });
});
