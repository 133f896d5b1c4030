import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../../platform/session.ts';
import { computeUserStat } from '../../platform/user-stat.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { blueprintOf, examCategory, examQuestions, insertExam } from '../../testing/exams.ts';
import { demoSiteIds, sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type PathTail, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
});
afterAll(() => t.close());

const api = async <S extends PathTail<'/dataset-examine/'>>(
  path: S,
  body: Record<string, unknown>,
  token: string,
  ip?: string,
) => call(t.app, `/dataset-examine/${path}`, body, { token, ip });
const ok = async <S extends PathTail<'/dataset-examine/'>>(
  path: S,
  body: Record<string, unknown>,
  token: string,
  ip?: string,
) => {
  const result = await api(path, body, token, ip);
  expect(result.status, `${path}: ${JSON.stringify(result.body)}`).toBe(200);
  return result.body.data;
};
const start = (token: string, examId: number) => ok('start', { exam_id: examId }, token);
const attempt = (token: string, attemptId: number) => ok('attempt', { attempt_id: attemptId }, token);

/** A fixed exam over `n` new single-choice questions (option 0 correct). */
async function fixedExam(n: number, over: Partial<typeof schema.exams.$inferInsert> = {}, site = siteId) {
  const questionIds = await examQuestions(t, site, await examCategory(t, site), n);
  return { examId: await insertExam(t, site, { questionIds, totalScore: 100, ...over }), questionIds };
}

describe('starting an exam', () => {
  it('freezes the paper: starting again answers the same attempt with the same paper and option order', async () => {
    const c = await freshCandidate(t, siteId);
    const { examId, questionIds } = await fixedExam(3);
    const first = await start(c.token, examId);
    expect(first.resumed).toBe(false);
    const again = await start(c.token, examId);
    expect(again).toEqual({ attempt_id: first.attempt_id, resumed: true });
    const view = await attempt(c.token, first.attempt_id);
    expect(view.questions.map((q) => q.id)).toEqual(questionIds);
    expect(view.questions.map((q) => q.points)).toEqual([33.33, 33.33, 33.34]);
    expect(JSON.stringify(view)).not.toContain('"correct"');
    expect(await attempt(c.token, first.attempt_id)).toMatchObject({ questions: view.questions });
  });

  it('draws a random paper per candidate, shuffled, and keeps each one frozen', async () => {
    const categoryId = await examCategory(t, siteId);
    await examQuestions(t, siteId, categoryId, 30);
    await examQuestions(t, siteId, categoryId, 10, { type: 'judge' });
    const examId = await insertExam(t, siteId, {
      paperMode: 'random',
      blueprint: blueprintOf({ total: 6, typeRatios: { single: 2, multiple: 0, judge: 1 }, categoryIds: [categoryId] }),
      shuffleQuestions: true,
      shuffleOptions: true,
    });
    const papers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await freshCandidate(t, siteId);
      const { attempt_id } = await start(c.token, examId);
      const view = await attempt(c.token, attempt_id);
      expect(view.questions).toHaveLength(6);
      expect(view.questions.filter((q) => q.type === 'judge')).toHaveLength(2);
      const paper = JSON.stringify(view.questions.map((q) => [q.id, q.options]));
      expect((await start(c.token, examId)).attempt_id).toBe(attempt_id);
      const reloaded = await attempt(c.token, attempt_id);
      expect(JSON.stringify(reloaded.questions.map((q) => [q.id, q.options]))).toBe(paper);
      papers.push(paper);
    }
    // 5 draws of 4 singles of 30 and 2 judges of 10: all equal has a probability far below 1e-20.
    expect(new Set(papers).size).toBeGreaterThan(1);
  });

  it('makes one attempt when the same candidate starts twice at once', async () => {
    const c = await freshCandidate(t, siteId);
    const { examId } = await fixedExam(2);
    const [a, b] = await Promise.all([start(c.token, examId), start(c.token, examId)]);
    expect(a.attempt_id).toBe(b.attempt_id);
    expect([a.resumed, b.resumed].sort()).toEqual([false, true]);
    const rows = await t.deps.db
      .select()
      .from(schema.examAttempts)
      .where(and(eq(schema.examAttempts.examId, examId), eq(schema.examAttempts.userId, c.id)));
    expect(rows).toHaveLength(1);
    const events = await t.deps.db
      .select({ kind: schema.examEvents.kind, detail: schema.examEvents.detail })
      .from(schema.examEvents)
      .where(eq(schema.examEvents.attemptId, a.attempt_id));
    expect(events.map((e) => e.kind).sort()).toEqual(['resume', 'start']);
    expect(events[0]!.detail).toMatchObject({ ip: '127.0.0.1' });
  });

  it('refuses attempts beyond the allowed count, outside the window and for unpublished exams', async () => {
    const c = await freshCandidate(t, siteId);
    const { examId } = await fixedExam(1, { attemptsAllowed: 2 });
    for (let seq = 1; seq <= 2; seq++) {
      const { attempt_id } = await start(c.token, examId);
      const submitted = await ok('submit', { attempt_id }, c.token);
      expect(submitted.seq).toBe(seq);
    }
    const third = await api('start', { exam_id: examId }, c.token);
    expect(third.status).toBe(409);
    expect(third.body.error).toBe('exam_no_attempts_left');
    expect((await ok('pre-exam', { exam_id: examId }, c.token)).blocked).toBe('no_attempts_left');

    const later = await fixedExam(1, { windowStart: new Date(Date.now() + 3600_000) });
    expect((await api('start', { exam_id: later.examId }, c.token)).body.error).toBe('exam_not_open');
    expect((await ok('pre-exam', { exam_id: later.examId }, c.token)).blocked).toBe('not_open');
    const ended = await fixedExam(1, {
      windowStart: new Date(Date.now() - 7200_000),
      windowEnd: new Date(Date.now() - 3600_000),
    });
    expect((await api('start', { exam_id: ended.examId }, c.token)).body.error).toBe('exam_ended');
    const draft = await fixedExam(1, { status: 'draft' });
    expect((await api('start', { exam_id: draft.examId }, c.token)).body.error).toBe('exam_not_published');
  });

  it("answers another organisation's exam with the organisation's name, and not_found to non-members", async () => {
    const { examId } = await fixedExam(1, {}, otherSiteId);
    const student = await sessionFor(t, 'student');
    for (const path of ['start', 'join', 'pre-exam'] as const) {
      const result = await api(path, { exam_id: examId }, student);
      expect(result.status).toBe(409);
      expect(result.body.error).toBe('exam_other_site');
      expect(result.body.message).toContain('星河数据');
    }
    const c = await freshCandidate(t, siteId);
    expect((await api('start', { exam_id: examId }, c.token)).body.error).toBe('not_found');
  });
});

describe('the clock and the answers', () => {
  it('keeps the remaining time across reloads: it decreases by the time elapsed only', async () => {
    const c = await freshCandidate(t, siteId);
    const { examId } = await fixedExam(2, { durationSeconds: 600 });
    const { attempt_id } = await start(c.token, examId);
    // The server reads its clock inside each call, so the drop in remaining time is bounded by the time
    // from before the first call to after the second.
    const before = Date.now();
    const first = await attempt(c.token, attempt_id);
    expect(first.remaining_ms).toBeGreaterThan(595_000);
    expect(first.remaining_ms).toBeLessThanOrEqual(600_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const second = await attempt(c.token, attempt_id);
    const elapsed = Date.now() - before;
    expect(second.deadline).toBe(first.deadline);
    expect(first.remaining_ms - second.remaining_ms).toBeGreaterThanOrEqual(350);
    expect(first.remaining_ms - second.remaining_ms).toBeLessThanOrEqual(elapsed + 1);
  });

  it('never sets the deadline past the window end', async () => {
    const c = await freshCandidate(t, siteId);
    const windowEnd = new Date(Date.now() + 120_000);
    const { examId } = await fixedExam(1, { durationSeconds: 3600, windowEnd });
    const view = await attempt(c.token, (await start(c.token, examId)).attempt_id);
    expect(view.deadline).toBe(windowEnd.toISOString());
    expect(view.remaining_ms).toBeLessThanOrEqual(120_000);
  });

  it('keeps answers saved before a drop, and a replayed older save does not overwrite a newer one', async () => {
    const c = await freshCandidate(t, siteId);
    const { examId, questionIds } = await fixedExam(3);
    const { attempt_id } = await start(c.token, examId);
    const [q1, q2, q3] = questionIds as [number, number, number];
    const save = (question_id: number, chosen: number[], client_seq: number, ip?: string) =>
      ok('answer', { attempt_id, question_id, chosen, client_seq }, c.token, ip);
    expect(await save(q1, [1], 1)).toMatchObject({ saved: true, client_seq: 1 });
    expect(await save(q2, [0], 2)).toMatchObject({ saved: true, client_seq: 2 });
    expect(await save(q1, [2], 3)).toMatchObject({ saved: true, client_seq: 3 });
    // After the "drop", the page replays its queue: the older save of q1 is acknowledged and changes nothing.
    const replay = await save(q1, [1], 1);
    expect(replay).toMatchObject({ saved: false, client_seq: 3 });
    expect(replay.remaining_ms).toBeGreaterThan(0);
    const view = await attempt(c.token, attempt_id);
    expect(
      view.answers.sort((a: { question_id: number }, b: { question_id: number }) => a.question_id - b.question_id),
    ).toEqual(
      [
        { question_id: q1, chosen: [2], response: null, client_seq: 3 },
        { question_id: q2, chosen: [0], response: null, client_seq: 2 },
      ].sort((a, b) => a.question_id - b.question_id),
    );
    // Options must be the question's; the question must be on the paper.
    expect((await api('answer', { attempt_id, question_id: q3, chosen: [5], client_seq: 4 }, c.token)).body.error).toBe(
      'exam_option_invalid',
    );
    const [stray] = await examQuestions(t, siteId, await examCategory(t, siteId), 1);
    expect(
      (await api('answer', { attempt_id, question_id: stray, chosen: [0], client_seq: 5 }, c.token)).body.error,
    ).toBe('not_found');
    // A save from another address is evidence on the timeline.
    await save(q3, [0], 6, '10.0.0.9');
    await ok('event', { attempt_id, kind: 'hidden', detail: { ms: 1200 } }, c.token, '10.0.0.9');
    const events = await t.deps.db
      .select({ kind: schema.examEvents.kind, detail: schema.examEvents.detail })
      .from(schema.examEvents)
      .where(eq(schema.examEvents.attemptId, attempt_id))
      .orderBy(schema.examEvents.id);
    expect(events.map((e) => e.kind)).toEqual(['start', 'ip_change', 'hidden']);
    expect(events[1]!.detail).toEqual({ from: '127.0.0.1', to: '10.0.0.9' });
    // Submitted: saving is refused, submitting again answers the same result.
    const result = await ok('submit', { attempt_id }, c.token);
    expect(await ok('submit', { attempt_id }, c.token)).toEqual(result);
    expect((await api('answer', { attempt_id, question_id: q3, chosen: [1], client_seq: 9 }, c.token)).body.error).toBe(
      'exam_attempt_closed',
    );
  });
});

describe('grading and results', () => {
  /** single (A right), single, multiple (A and B right), judge (对 right): 25 points each. */
  async function mixedExam(over: Partial<typeof schema.exams.$inferInsert>) {
    const categoryId = await examCategory(t, siteId);
    const singles = await examQuestions(t, siteId, categoryId, 2);
    const [multiple] = await examQuestions(t, siteId, categoryId, 1, { type: 'multiple' });
    const [judge] = await examQuestions(t, siteId, categoryId, 1, { type: 'judge' });
    const questionIds = [...singles, multiple!, judge!];
    return { examId: await insertExam(t, siteId, { questionIds, totalScore: 100, ...over }), questionIds };
  }

  async function take(examId: number, questionIds: number[], chosen: number[][]) {
    const c = await freshCandidate(t, siteId);
    const { attempt_id } = await start(c.token, examId);
    for (const [i, keys] of chosen.entries()) {
      await ok('answer', { attempt_id, question_id: questionIds[i], chosen: keys, client_seq: i + 1 }, c.token);
    }
    return { c, attempt_id, result: await ok('submit', { attempt_id }, c.token) };
  }

  it('grades with partial credit and passes at the pass score; shows the analysis when allowed', async () => {
    const { examId, questionIds } = await mixedExam({ partialCredit: true, passScore: 62.5, showAnalysis: true });
    // Right, wrong, one of two right options (12.5 of 25), right.
    const { result } = await take(examId, questionIds, [[0], [1], [1], [0]]);
    expect(result).toMatchObject({
      status: 'graded',
      submitted_by: 'candidate',
      score: 62.5,
      passed: true,
      answered: 4,
      correct: 2,
      show_analysis: true,
    });
    expect(result.questions.map((q) => q.earned)).toEqual([25, 0, 12.5, 25]);
    expect(result.questions[2]!.correct_options).toEqual([0, 1]);
  });

  it('grades multiple choice all-or-nothing otherwise, and hides the analysis when not allowed', async () => {
    const { examId, questionIds } = await mixedExam({ partialCredit: false, passScore: 60, showAnalysis: false });
    const { c, attempt_id, result } = await take(examId, questionIds, [[0], [1], [1]]);
    expect(result).toMatchObject({ score: 25, passed: false, answered: 3, correct: 1 });
    expect(result.questions[3]).toMatchObject({ chosen: null, correct: false, earned: 0 });
    for (const q of result.questions) expect(q).toMatchObject({ correct_options: null, analysis: null });
    expect(await ok('result', { attempt_id }, c.token)).toEqual(result);
    const records = await ok('my-records', { exam_id: examId }, c.token);
    expect(records.list).toEqual([expect.objectContaining({ attempt_id, score: 25, passed: false, seq: 1 })]);
    const stats = await t.deps.db
      .select({ answers: schema.questions.answerCount, correct: schema.questions.correctCount })
      .from(schema.questions)
      .where(eq(schema.questions.id, questionIds[0]!));
    expect(stats[0]).toEqual({ answers: 1, correct: 1 });
  });

  it('issues the exam certificate on a pass', async () => {
    const [template] = await t.deps.db
      .insert(schema.certTemplates)
      .values({ siteId, name: 'exam cert', title: 'Certificate' })
      .returning({ id: schema.certTemplates.id });
    const { examId, questionIds } = await mixedExam({ passScore: 50, certTemplateId: template!.id });
    const passed = await take(examId, questionIds, [[0], [0], [0, 1], [0]]);
    expect(passed.result).toMatchObject({ score: 100, passed: true });
    expect(passed.result.certificate_code).toEqual(expect.any(String));
    const failed = await take(examId, questionIds, [[1]]);
    expect(failed.result).toMatchObject({ passed: false, certificate_code: null });
  });

  it('lists pending exams in my list, the to-do panel and the count until they are taken', async () => {
    const c = await freshCandidate(t, siteId);
    const { examId } = await fixedExam(1, { passScore: 50 });
    const pending = await ok('my-list', { tab: 'exam', pageSize: 100 }, c.token);
    expect(pending.list.find((e) => e.id === examId)).toMatchObject({
      my_state: 'not_joined',
      my_join_status: 0,
      data_count: 1,
    });
    await ok('join', { exam_id: examId }, c.token);
    const todo = await call(t.app, '/dataset-examine/doing-wait-exam-list', {}, { token: c.token });
    expect(todo.body.data.examine_list).toContainEqual(
      expect.objectContaining({ id: examId, my_join_status: 1, generate_site_id: siteId }),
    );
    const heartbeatCount = async () =>
      (await computeUserStat(t.deps, (await resolveSession(t.deps, c.token))!)).examine_count;
    const before = await heartbeatCount();
    expect(before).toBeGreaterThanOrEqual(1);
    const { attempt_id } = await start(c.token, examId);
    const view = await attempt(c.token, attempt_id);
    await ok('answer', { attempt_id, question_id: view.questions[0]!.id, chosen: [0], client_seq: 1 }, c.token);
    await ok('submit', { attempt_id }, c.token);
    expect(await heartbeatCount()).toBe(before - 1);
    const done = await ok('my-list', { tab: 'done', pageSize: 100 }, c.token);
    expect(done.list.find((e) => e.id === examId)).toMatchObject({
      my_state: 'passed',
      best_score: 100,
      attempts_used: 1,
    });
    const after = await call(t.app, '/dataset-examine/doing-wait-exam-list', {}, { token: c.token });
    expect(after.body.data.examine_list.find((e) => e.id === examId)).toBeUndefined();
  });
});

describe('the deadline', () => {
  it('is enforced by the server: it submits what was saved with nobody calling', async () => {
    const own = await createTestApp({ EXAM_SWEEP_MS: '100' });
    try {
      const site = await siteIdByName(own, '示范学院');
      const questionIds = await examQuestions(own, site, await examCategory(own, site), 2);
      const examId = await insertExam(own, site, { questionIds, durationSeconds: 1, passScore: 50 });
      const c = await freshCandidate(own, site);
      const started = await call(own.app, '/dataset-examine/start', { exam_id: examId }, { token: c.token });
      const attemptId = started.body.data.attempt_id;
      await call(
        own.app,
        '/dataset-examine/answer',
        { attempt_id: attemptId, question_id: questionIds[0], chosen: [0], client_seq: 1 },
        { token: c.token },
      );
      // Nobody calls from here on: the sweeper submits once the deadline passed.
      let row: typeof schema.examAttempts.$inferSelect | undefined;
      for (let wait = 0; wait < 50; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        [row] = await own.deps.db.select().from(schema.examAttempts).where(eq(schema.examAttempts.id, attemptId));
        if (row?.status !== 'in_progress') break;
      }
      expect(row).toMatchObject({ status: 'graded', submittedBy: 'server', score: 50, passed: true });
      expect(row!.submittedAt!.getTime()).toBeGreaterThanOrEqual(row!.deadline.getTime());
      const late = await call(
        own.app,
        '/dataset-examine/answer',
        { attempt_id: attemptId, question_id: questionIds[1], chosen: [0], client_seq: 2 },
        { token: c.token },
      );
      expect(late.body.error).toBe('exam_time_over');
    } finally {
      await own.close();
    }
  });
});
