import { type ProcedurePath, secondMarkingWanted } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMember } from '../../testing/audiences.ts';
import { ok as okCall } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { insertExam } from '../../testing/exams.ts';
import { fixtureTag, insertId } from '../../testing/fixture-rows.ts';
import { type AuthoringFixture, authoringFixture, writeQuestion } from '../../testing/question-bank.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let teacher: string;
let fixture: AuthoringFixture;

const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
  okCall(t, path, body, token);

/** A question written through the bank's API (exams take any question of their organisation). */
const question = async (type: string, spec: Record<string, unknown>) =>
  (await writeQuestion(t, fixture, { type, spec })).id;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await authoringFixture(t);
  ({ siteId, teacher } = fixture);
});
afterAll(() => t.close());

interface Paper {
  examId: number;
  blank: number;
  essay: number;
  numerical: number;
}

/** An exam of 100 points: a fill-in-the-blanks (30), an essay with a two-criterion rubric (40), a numerical (30). */
async function paper(over: Partial<typeof schema.exams.$inferInsert> = {}): Promise<Paper> {
  const blank = await question('blank', { blanks: [{ accepted: ['Paris'] }, { accepted: ['Seine'] }] });
  const essay = await question('essay', {
    rubric: [
      { criterion: 'Argument', points: 6 },
      { criterion: 'Language', points: 4 },
    ],
    word_limit: 300,
  });
  const numerical = await question('numerical', { value: 3.14, tolerance: 0.01 });
  const questionIds = [blank, essay, numerical];
  const examId = await insertExam(t, siteId, { questionIds, totalScore: 90, passScore: 60, ...over });
  return { examId, blank, essay, numerical };
}

/** A candidate starts, answers and submits: blanks one right of two, the essay text, the number right. */
async function sit(p: Paper, essayText = 'Paris grew along the Seine because…') {
  const c = await freshCandidate(t, siteId);
  const { attempt_id } = await ok('/dataset-examine/start', { exam_id: p.examId }, c.token);
  const answer = (question_id: number, response: Record<string, unknown>, client_seq: number) =>
    ok('/dataset-examine/answer', { attempt_id, question_id, response, client_seq }, c.token);
  await answer(p.blank, { texts: ['paris', 'Thames'] }, 1);
  await answer(p.essay, { text: essayText }, 2);
  await answer(p.numerical, { text: '3.141' }, 3);
  const result = await ok('/dataset-examine/submit', { attempt_id }, c.token);
  return { c, attemptId: attempt_id as number, result };
}

describe('an exam with an essay', () => {
  it('stays being graded until the essay is marked, then passes with its certificate and a notice', async () => {
    const templateId = await insertId(t, schema.certTemplates, {
      siteId,
      name: `marking ${fixtureTag()}`,
      title: 'Certificate',
      body: '{name} {subject}',
      validMonths: 12,
    });
    const p = await paper({ certTemplateId: templateId });
    const { c, attemptId, result } = await sit(p);
    // Points are split evenly: 30 each. Blanks 1 of 2 = 15, numerical within 0.01 = 30, essay waiting.
    expect(result.status).toBe('being_graded');
    expect(result.score).toBeNull();
    expect(result.passed).toBeNull();
    const byId = new Map(result.questions.map((q: { id: number }) => [q.id, q]));
    expect(byId.get(p.blank)).toMatchObject({ earned: 15, correct: false });
    expect(byId.get(p.numerical)).toMatchObject({ earned: 30, correct: true });
    expect(byId.get(p.essay)).toMatchObject({ earned: null, correct: null });

    const overview = await ok('/dataset-examine/marking-overview', { exam_id: p.examId }, teacher);
    expect(overview.questions).toEqual([
      expect.objectContaining({ question_id: p.essay, type: 'essay', answer_count: 1, marked_count: 0 }),
    ]);
    expect(overview.being_graded).toBe(1);
    const answers = await ok('/dataset-examine/marking-answers', { exam_id: p.examId, question_id: p.essay }, teacher);
    expect(answers.list).toHaveLength(1);
    expect(answers.list[0]).toMatchObject({ attempt_id: attemptId, candidate_name: c.username, max_points: 30 });
    expect(answers.list[0]?.response?.text).toContain('Seine');
    expect(answers.question?.spec?.rubric).toHaveLength(2);

    // Rubric 5 of 6 and 3 of 4 = 8 of 10 → 24 of the question's 30 points; 15 + 24 + 30 = 69 ≥ 60.
    const marked = await ok(
      '/dataset-examine/mark',
      { attempt_id: attemptId, question_id: p.essay, rubric_points: [5, 3], comment: 'Good argument.' },
      teacher,
    );
    expect(marked).toEqual({ points: 24, attempt_status: 'graded', score: 69, passed: true });
    const after = await ok('/dataset-examine/result', { attempt_id: attemptId }, c.token);
    expect(after).toMatchObject({ status: 'graded', score: 69, passed: true });
    expect(after.certificate_code).toEqual(expect.any(String));
    expect(after.questions.find((q: { id: number }) => q.id === p.essay)).toMatchObject({
      earned: 24,
      comment: 'Good argument.',
    });
    const notices = await ok('/message/list', { page: 1, pageSize: 10 }, c.token);
    expect(notices.list[0]).toMatchObject({ kind: 'exam_marked', params: { score: 69, attempt_id: attemptId } });

    // A changed mark changes the score and the pass.
    const lowered = await ok(
      '/dataset-examine/mark',
      { attempt_id: attemptId, question_id: p.essay, points: 10 },
      teacher,
    );
    expect(lowered).toEqual({ points: 10, attempt_status: 'graded', score: 55, passed: false });
  });

  it('refuses marks it cannot take, and changes nothing', async () => {
    const p = await paper();
    const { attemptId } = await sit(p);
    const mark = (body: Record<string, unknown>) =>
      call(
        t.app,
        '/dataset-examine/mark',
        { attempt_id: attemptId, question_id: p.essay, ...body },
        { token: teacher },
      );
    expect((await mark({ points: 30.01 })).body.error).toBe('marking_points_too_high');
    expect((await mark({ rubric_points: [7, 0] })).body.error).toBe('marking_rubric_mismatch');
    expect((await mark({ rubric_points: [1] })).body.error).toBe('marking_rubric_mismatch');
    expect((await mark({})).body.error).toBe('marking_points_required');
    const auto = await call(
      t.app,
      '/dataset-examine/mark',
      { attempt_id: attemptId, question_id: p.blank, points: 30 },
      { token: teacher },
    );
    expect(auto.body.error).toBe('marking_not_needed');
    const [row] = await t.deps.db
      .select()
      .from(schema.examAnswers)
      .where(and(eq(schema.examAnswers.attemptId, attemptId), eq(schema.examAnswers.questionId, p.essay)));
    expect(row).toMatchObject({ points: null, markedBy: null });
    const [attempt] = await t.deps.db.select().from(schema.examAttempts).where(eq(schema.examAttempts.id, attemptId));
    expect(attempt).toMatchObject({ status: 'being_graded', score: null });
  });

  it('takes a second mark of the chosen answers from another marker, changing no score', async () => {
    const p = await paper({ secondMarkingShare: 100 });
    const { attemptId } = await sit(p);
    const first = { attempt_id: attemptId, question_id: p.essay, points: 20 };
    const marked = await ok('/dataset-examine/mark', first, teacher);
    expect(marked).toMatchObject({ attempt_status: 'graded', score: 65 });
    const same = await call(t.app, '/dataset-examine/mark', { ...first, points: 25, second: true }, { token: teacher });
    expect(same.body.error).toBe('marking_second_same_marker');
    const other = await freshMember(t, siteId, 'role_teacher');
    const second = await ok(
      '/dataset-examine/mark',
      { ...first, points: 26, second: true, comment: 'Generous' },
      other.token,
    );
    expect(second).toMatchObject({ points: 26, attempt_status: 'graded', score: 65 });
    const answers = await ok('/dataset-examine/marking-answers', { exam_id: p.examId, question_id: p.essay }, teacher);
    expect(answers.list[0]).toMatchObject({
      points: 20,
      second_wanted: true,
      second_points: 26,
      second_comment: 'Generous',
      second_marked_by_name: other.username,
    });
    const none = await paper();
    const alone = await sit(none);
    const refused = await call(
      t.app,
      '/dataset-examine/mark',
      { attempt_id: alone.attemptId, question_id: none.essay, points: 10, second: true },
      { token: other.token },
    );
    expect(refused.body.error).toBe('marking_second_not_wanted');
  });

  it("counts and filters the answers chosen for a second mark as the listing's second_wanted says", async () => {
    const p = await paper({ secondMarkingShare: 50 });
    const sat = [];
    for (let i = 0; i < 6; i++) sat.push(await sit(p, `Essay ${i}`));
    const listing = (extra: Record<string, unknown> = {}) =>
      ok('/dataset-examine/marking-answers', { exam_id: p.examId, question_id: p.essay, ...extra }, teacher);
    const all = (await listing()).list;
    const wanted = all.filter((a) => a.second_wanted).map((a) => a.attempt_id);
    expect(wanted).toEqual(all.filter((a) => secondMarkingWanted(a.attempt_id, p.essay, 50)).map((a) => a.attempt_id));
    const counts = async () =>
      (await ok('/dataset-examine/marking-overview', { exam_id: p.examId }, teacher)).questions[0];
    expect(await counts()).toMatchObject({
      answer_count: 6,
      second_wanted_count: wanted.length,
      second_marked_count: 0,
    });
    expect((await listing({ second_waiting_only: true })).list.map((a) => a.attempt_id).sort()).toEqual(
      [...wanted].sort(),
    );
    // Six attempts in a row spread over 0-99 in steps of 19 (7919 mod 100): some land below 50, some above.
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.length).toBeLessThan(6);
    const other = await freshMember(t, siteId, 'role_teacher');
    const attemptId = wanted[0]!;
    await ok('/dataset-examine/mark', { attempt_id: attemptId, question_id: p.essay, points: 12 }, teacher);
    await ok(
      '/dataset-examine/mark',
      { attempt_id: attemptId, question_id: p.essay, points: 18, second: true },
      other.token,
    );
    expect(await counts()).toMatchObject({ second_wanted_count: wanted.length, second_marked_count: 1 });
    expect((await listing({ second_waiting_only: true })).list.map((a) => a.attempt_id)).not.toContain(attemptId);
    const row = (await listing()).list.find((a) => a.attempt_id === attemptId);
    expect(row).toMatchObject({ points: 12, second_points: 18, second_marked_by_id: other.id });
    expect(row?.marked_by_id).toEqual(expect.any(Number));
    expect(row?.second_marked_at).toEqual(expect.any(String));
    expect((await ok('/dataset-examine/marking-overview', { exam_id: p.examId }, teacher)).second_marking_share).toBe(
      50,
    );
  });

  it('hides names from the marker under blind marking', async () => {
    const p = await paper({ blindMarking: true });
    const first = await sit(p, 'First essay');
    const second = await sit(p, 'Second essay');
    const answers = await ok('/dataset-examine/marking-answers', { exam_id: p.examId, question_id: p.essay }, teacher);
    expect(answers.blind).toBe(true);
    expect(answers.list.map((a: { candidate_name: string | null }) => a.candidate_name)).toEqual([null, null]);
    const text = JSON.stringify(answers);
    expect(text).not.toContain(first.c.username);
    expect(text).not.toContain(second.c.username);
    const one = await ok(
      '/dataset-examine/marking-answers',
      { exam_id: p.examId, attempt_id: second.attemptId },
      teacher,
    );
    expect(one.list.map((a) => a.response?.text)).toEqual(['Second essay']);
    // A third essay copies the first: the pair is shown to the marker, the different one is not.
    const copy = await sit(p, 'First essay!');
    const similar = await ok('/dataset-examine/marking-similar', { exam_id: p.examId, question_id: p.essay }, teacher);
    expect(similar.pairs).toEqual([{ attempt_a: first.attemptId, attempt_b: copy.attemptId, similarity: 1 }]);
  });

  it("lets no candidate mark or read the answers, nor read another candidate's result", async () => {
    const p = await paper();
    const { c, attemptId } = await sit(p);
    const other = await sit(p);
    const asCandidate = await call(
      t.app,
      '/dataset-examine/mark',
      { attempt_id: attemptId, question_id: p.essay, points: 30 },
      { token: c.token },
    );
    expect(asCandidate.status).toBe(403);
    const listing = await call(
      t.app,
      '/dataset-examine/marking-answers',
      { exam_id: p.examId, question_id: p.essay },
      { token: c.token },
    );
    expect(listing.status).toBe(403);
    const foreign = await call(t.app, '/dataset-examine/result', { attempt_id: other.attemptId }, { token: c.token });
    expect(foreign.body.error).toBe('not_found');
  });
});
