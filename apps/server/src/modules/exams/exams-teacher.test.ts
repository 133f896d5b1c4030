import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { examCategory, examQuestions, insertExam } from '../../testing/exams.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { analysePaper } from './paper-analysis.ts';

let t: TestApp;
let siteId: number;
let teacher: string;
const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  teacher = await sessionFor(t, 'teacher');
});
afterAll(() => t.close());

async function ok<P extends ProcedurePath>(path: P, body: Record<string, unknown>) {
  const result = await call(t.app, path, body, { token: teacher });
  expect(result.status, `${path} ${JSON.stringify(result.body)}`).toBe(200);
  return result.body.data;
}

/** An attempt made directly: `correct` lists the questions answered right (others answered wrong or not at all). */
async function attempt(
  examId: number,
  questionIds: number[],
  points: number,
  over: Partial<typeof schema.examAttempts.$inferInsert> & { correct?: number[]; wrong?: number[] } = {},
) {
  const { correct = [], wrong = [], ...values } = over;
  const user = await freshCandidate(t, siteId);
  const [row] = await t.deps.db
    .insert(schema.examAttempts)
    .values({
      siteId,
      examId,
      userId: user.id,
      seq: 1,
      paper: questionIds.map((questionId) => ({ questionId, optionOrder: [0, 1, 2], points })),
      deadline: new Date(Date.now() + 30 * minute),
      ...values,
    })
    .returning({ id: schema.examAttempts.id });
  const graded = values.status === 'graded';
  const answers = [
    ...correct.map((questionId) => ({ questionId, chosen: [0], correct: graded ? true : null })),
    ...wrong.map((questionId) => ({ questionId, chosen: [2], correct: graded ? false : null })),
  ];
  if (answers.length > 0) {
    await t.deps.db
      .insert(schema.examAnswers)
      .values(
        answers.map((a) => ({ attemptId: row!.id, siteId, ...a, points: graded ? (a.correct ? points : 0) : null })),
      );
  }
  return row!.id;
}

async function fixedExam(n: number, over: Partial<typeof schema.exams.$inferInsert> = {}) {
  const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), n);
  const examId = await insertExam(t, siteId, { questionIds, totalScore: n * 5, passScore: n * 5 * 0.6, ...over });
  return { examId, questionIds };
}

describe('candidates and attempt actions', () => {
  it('force submits an attempt in progress with what was saved, by the teacher', async () => {
    const { examId, questionIds } = await fixedExam(2);
    const id = await attempt(examId, questionIds, 5, { correct: [questionIds[0]!] });
    const before = await ok('/dataset-examine/candidates', { exam_id: examId });
    expect(before.list).toMatchObject([{ attempt_id: id, state: 'in_progress', score: null }]);
    const state = await ok('/dataset-examine/force-submit', { attempt_id: id });
    expect(state).toMatchObject({ status: 'graded', score: 5, passed: false, submitted_by: 'teacher' });
    const again = await call(t.app, '/dataset-examine/force-submit', { attempt_id: id }, { token: teacher });
    expect(again.body.error).toBe('exam_attempt_closed');
    const after = await ok('/dataset-examine/candidates', { exam_id: examId });
    expect(after.list[0]).toMatchObject({ state: 'graded', score: 5, submitted_by: 'teacher' });
  });

  it('marks cheating with a note: failed, flagged, in the timeline, certificate revoked', async () => {
    const { examId, questionIds } = await fixedExam(2);
    const id = await attempt(examId, questionIds, 5, {
      status: 'graded',
      score: 10,
      passed: true,
      submittedAt: new Date(),
      submittedBy: 'candidate',
      correct: questionIds,
    });
    const [row] = await t.deps.db.select().from(schema.examAttempts).where(eq(schema.examAttempts.id, id));
    const [template] = await t.deps.db
      .insert(schema.certTemplates)
      .values({ siteId, name: '合格证', title: '合格证书' })
      .returning({ id: schema.certTemplates.id });
    const [certificate] = await t.deps.db
      .insert(schema.certificates)
      .values({
        siteId,
        templateId: template!.id,
        userId: row!.userId,
        code: `C${Math.random().toString(36).slice(2, 12)}`,
        source: 'exam',
        sourceId: examId,
        subject: 'exam',
        holderName: 'x',
      })
      .returning({ id: schema.certificates.id });
    await t.deps.db.insert(schema.examEvents).values([
      { siteId, attemptId: id, kind: 'start' },
      { siteId, attemptId: id, kind: 'hidden', detail: { ms: 4000 } },
      { siteId, attemptId: id, kind: 'ip_change', detail: { from: '1.1.1.1', to: '2.2.2.2' } },
    ]);
    const listed = await ok('/dataset-examine/candidates', { exam_id: examId });
    expect(listed.list[0]).toMatchObject({ flag_count: 2, passed: true, cheat: false });
    const state = await ok('/dataset-examine/mark-cheat', { attempt_id: id, note: '切屏并更换网络' });
    expect(state).toMatchObject({ cheat: true, passed: false, score: 10 });
    const events = await ok('/dataset-examine/attempt-events', { attempt_id: id });
    expect(events.list.map((e) => e.kind)).toEqual(['start', 'hidden', 'ip_change', 'cheat']);
    expect(events.list[3]!.detail.note).toBe('切屏并更换网络');
    const [revoked] = await t.deps.db
      .select()
      .from(schema.certificates)
      .where(eq(schema.certificates.id, certificate!.id));
    expect(revoked!.revokedAt).not.toBeNull();
    expect(revoked!.revokeReason).toBe('cheating');
    const noNote = await call(t.app, '/dataset-examine/mark-cheat', { attempt_id: id, note: ' ' }, { token: teacher });
    expect(noNote.body.error).toBe('invalid_input');

    const running = await attempt(examId, questionIds, 5, { correct: questionIds });
    const submitted = await ok('/dataset-examine/mark-cheat', { attempt_id: running, note: '代考' });
    expect(submitted).toMatchObject({ status: 'graded', submitted_by: 'teacher', cheat: true, passed: false });
  });

  it('re-opens with the time left at submission, never past the window end, and not after it', async () => {
    const now = Date.now();
    const { examId, questionIds } = await fixedExam(1, { windowEnd: new Date(now + 24 * 60 * minute) });
    // submitted with 20 minutes left
    const early = await attempt(examId, questionIds, 5, {
      status: 'graded',
      score: 0,
      passed: false,
      cheat: true,
      submittedAt: new Date(now - 60 * minute),
      deadline: new Date(now - 40 * minute),
      submittedBy: 'candidate',
    });
    const reopened = await ok('/dataset-examine/reopen', { attempt_id: early });
    expect(reopened).toMatchObject({ status: 'in_progress', score: null, passed: null, cheat: false });
    const granted = new Date(reopened.deadline).getTime() - Date.now();
    expect(granted).toBeGreaterThan(19 * minute);
    expect(granted).toBeLessThanOrEqual(20 * minute);
    const twice = await call(t.app, '/dataset-examine/reopen', { attempt_id: early }, { token: teacher });
    expect(twice.body.error).toBe('exam_not_submitted');
    const events = await ok('/dataset-examine/attempt-events', { attempt_id: early });
    expect(events.list.at(-1)?.kind).toBe('reopen');

    // submitted by the server at its deadline: nothing left, the full duration (1 h) is granted
    const late = await attempt(examId, questionIds, 5, {
      status: 'graded',
      submittedAt: new Date(now - 10 * minute),
      deadline: new Date(now - 10 * minute),
      submittedBy: 'server',
    });
    const full = await ok('/dataset-examine/reopen', { attempt_id: late });
    expect(new Date(full.deadline).getTime() - Date.now()).toBeGreaterThan(59 * minute);

    const closing = await fixedExam(1, { windowEnd: new Date(now + 5 * minute) });
    const capped = await attempt(closing.examId, closing.questionIds, 5, {
      status: 'graded',
      submittedAt: new Date(now - 60 * minute),
      deadline: new Date(now - 30 * minute),
    });
    const atEnd = await ok('/dataset-examine/reopen', { attempt_id: capped });
    expect(new Date(atEnd.deadline).getTime()).toBe(now + 5 * minute);

    const ended = await fixedExam(1, { windowStart: new Date(now - 120 * minute), windowEnd: new Date(now - minute) });
    const over = await attempt(ended.examId, ended.questionIds, 5, {
      status: 'graded',
      submittedAt: new Date(now - 30 * minute),
    });
    const refused = await call(t.app, '/dataset-examine/reopen', { attempt_id: over }, { token: teacher });
    expect(refused.body.error).toBe('exam_ended');
  });
});

describe('paper analysis and export', () => {
  it('computes the distribution, facility and discrimination of a small known set', async () => {
    const { examId, questionIds } = await fixedExam(3, { totalScore: 30, passScore: 18 });
    const [q1, q2, q3] = questionIds as [number, number, number];
    const graded = (score: number, correct: number[]) => ({
      status: 'graded' as const,
      score,
      passed: score >= 18,
      submittedAt: new Date(),
      correct,
      wrong: questionIds.filter((q) => !correct.includes(q)),
    });
    // by score: A1 30, A2 20, A3 20 | A4 10, A5 10, A6 10 — upper 27% = round(1.62) = 2: A1, A2; lower: A5, A6
    await attempt(examId, questionIds, 10, graded(30, [q1, q2, q3]));
    await attempt(examId, questionIds, 10, graded(20, [q1, q2]));
    await attempt(examId, questionIds, 10, graded(20, [q1, q2]));
    await attempt(examId, questionIds, 10, graded(10, [q1]));
    await attempt(examId, questionIds, 10, graded(10, [q3]));
    await attempt(examId, questionIds, 10, graded(10, [q3]));
    // left out: a cheating attempt and one in progress
    await attempt(examId, questionIds, 10, { ...graded(30, [q1, q2, q3]), cheat: true, passed: false });
    await attempt(examId, questionIds, 10, { correct: [q1] });

    const analysis = await ok('/dataset-examine/paper-analysis', { exam_id: examId });
    expect(analysis).toMatchObject({ attempt_count: 6, average: 16.6667, pass_rate: 0.5, total_score: 30 });
    expect(analysis.distribution.map((b) => b.count)).toEqual([0, 0, 0, 3, 0, 0, 2, 0, 0, 1]);
    expect(analysis.distribution[3]).toEqual({ from: 9, to: 12, count: 3 });
    expect(analysis.questions.map((q) => [q.question_id, q.facility, q.discrimination])).toEqual([
      [q1, 0.6667, 1],
      [q2, 0.5, 1],
      [q3, 0.5, -0.5],
    ]);

    const file = await ok('/dataset-examine/export', { exam_id: examId });
    expect(file.file_name).toMatch(/^exam-\d+-results-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.content_base64, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '用户名',
      '姓名',
      '第几次',
      '状态',
      '得分',
      '结果',
      '开始时间',
      '交卷时间',
      '交卷方式',
      '作弊',
      '作弊说明',
      '异常记录数',
    ]);
    const rows = sheet
      .getRows(2, 8)!
      .map((r) => [r.getCell(4).value, r.getCell(5).value, r.getCell(6).value, r.getCell(10).value]);
    expect(rows.filter((r) => r[0] === '已评分')).toHaveLength(7);
    expect(rows.filter((r) => r[0] === '答题中')).toHaveLength(1);
    expect(rows.filter((r) => r[3] === '是')).toEqual([['已评分', 30, '未通过', '是']]);
    expect(
      rows
        .filter((r) => r[2] === '通过')
        .map((r) => r[1])
        .sort(),
    ).toEqual([20, 20, 30]);
  });

  it('gives no discrimination with fewer than two attempts', () => {
    const one = analysePaper(10, [{ id: 1, score: 10, passed: true, questionIds: [7], correct: new Set([7]) }], [7]);
    expect(one.questions).toEqual([{ question_id: 7, answered_by: 1, facility: 1, discrimination: null }]);
    expect(one.distribution[9]!.count).toBe(1);
  });
});
