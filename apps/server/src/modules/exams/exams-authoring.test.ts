import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examCategory, examQuestions } from '../../testing/exams.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let teacher: string;
let manager2: string;

const hour = 3600_000;

function examInput(over: Record<string, unknown> = {}) {
  return {
    name: `考试-${Math.random().toString(36).slice(2, 8)}`,
    total_score: 100,
    pass_score: 60,
    duration_seconds: 3600,
    window_start: new Date(Date.now() - hour).toISOString(),
    window_end: new Date(Date.now() + 24 * hour).toISOString(),
    ...over,
  };
}

async function create(over: Record<string, unknown> = {}) {
  const result = await call(t.app, '/dataset-examine/create', examInput(over), { token: teacher });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

const publish = (id: number, token = teacher) => call(t.app, '/dataset-examine/publish', { id }, { token });

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  otherSiteId = await siteIdByName(t, '星河数据');
  teacher = await sessionFor(t, 'teacher');
  manager2 = await sessionFor(t, 'manager2');
});
afterAll(() => t.close());

describe('exam CRUD', () => {
  it('creates a draft, lists it by tab and keyword, updates, publishes, closes and deletes', async () => {
    const category = await examCategory(t, siteId);
    const questionIds = await examQuestions(t, siteId, category, 3);
    const draft = await create({ name: '期末考试甲', question_ids: questionIds });
    expect(draft).toMatchObject({ status: 'draft', question_count: 3 });

    const drafts = await call(
      t.app,
      '/dataset-examine/list',
      { tab: 'draft', keyword: '期末考试甲' },
      { token: teacher },
    );
    expect(drafts.body.data.list.map((r) => r.id)).toEqual([draft.id]);
    const published = await call(
      t.app,
      '/dataset-examine/list',
      { tab: 'published', keyword: '期末考试甲' },
      { token: teacher },
    );
    expect(published.body.data.total).toBe(0);

    const updated = await call(
      t.app,
      '/dataset-examine/update',
      {
        id: draft.id,
        ...examInput({ name: '期末考试甲', question_ids: questionIds.slice(0, 2), shuffle_options: true }),
      },
      { token: teacher },
    );
    expect(updated.body.data).toMatchObject({ question_count: 2, shuffle_options: true });
    expect(updated.body.data.questions.map((q) => q.id)).toEqual(questionIds.slice(0, 2));

    expect((await publish(draft.id)).body.data.status).toBe('published');
    const refused = await call(t.app, '/dataset-examine/delete', { id: draft.id }, { token: teacher });
    expect(refused.body.error).toBe('exam_not_deletable');
    const closed = await call(t.app, '/dataset-examine/close', { id: draft.id }, { token: teacher });
    expect(closed.body.data.status).toBe('closed');
    const deleted = await call(t.app, '/dataset-examine/delete', { id: draft.id }, { token: teacher });
    expect(deleted.body.data).toEqual({ ok: true });
    const gone = await call(t.app, '/dataset-examine/detail', { id: draft.id }, { token: teacher });
    expect(gone.body.error).toBe('not_found');
  });

  it("hides an exam from another organisation's manager and refuses another organisation's questions", async () => {
    const exam = await create();
    for (const path of ['/dataset-examine/detail', '/dataset-examine/publish', '/dataset-examine/delete'] as const) {
      const result = await call(t.app, path, { id: exam.id }, { token: manager2 });
      expect(result.status, path).toBe(404);
      expect(result.body.error).toBe('not_found');
    }
    const foreign = await examQuestions(t, otherSiteId, await examCategory(t, otherSiteId), 1);
    const result = await call(t.app, '/dataset-examine/create', examInput({ question_ids: foreign }), {
      token: teacher,
    });
    expect(result.body.error).toBe('not_found');
  });

  it('refuses a closed exam with attempts to be deleted and its paper to change', async () => {
    const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 2);
    const exam = await create({ question_ids: questionIds });
    await publish(exam.id);
    const [student] = await t.deps.db.select().from(schema.users).where(eq(schema.users.username, 'student'));
    await t.deps.db.insert(schema.examAttempts).values({
      siteId,
      examId: exam.id,
      userId: student!.id,
      seq: 1,
      paper: questionIds.map((questionId) => ({ questionId, optionOrder: [0, 1, 2], points: 50 })),
      deadline: new Date(Date.now() + hour),
    });
    const changed = await call(
      t.app,
      '/dataset-examine/update',
      { id: exam.id, ...examInput({ question_ids: questionIds.slice(0, 1) }) },
      { token: teacher },
    );
    expect(changed.body.error).toBe('exam_has_attempts');
    const renamed = await call(
      t.app,
      '/dataset-examine/update',
      { id: exam.id, ...examInput({ name: '改名', question_ids: questionIds }) },
      { token: teacher },
    );
    expect(renamed.body.data.name).toBe('改名');
    await call(t.app, '/dataset-examine/close', { id: exam.id }, { token: teacher });
    const refused = await call(t.app, '/dataset-examine/delete', { id: exam.id }, { token: teacher });
    expect(refused.body.error).toBe('exam_not_deletable');
  });
});

describe('publishing checks', () => {
  it('refuses a pass score above the total, a window ending before it starts, zero duration or attempts', async () => {
    const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 1);
    const high = await create({ question_ids: questionIds, total_score: 50, pass_score: 60 });
    const refused = await publish(high.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('exam_pass_score_invalid');
    expect(refused.body.message).toContain('50');

    const now = Date.now();
    const window = await create({
      question_ids: questionIds,
      window_start: new Date(now + hour).toISOString(),
      window_end: new Date(now).toISOString(),
    });
    expect((await publish(window.id)).body.error).toBe('exam_window_invalid');

    for (const over of [{ duration_seconds: 0 }, { attempts_allowed: 0 }, { pass_score: undefined }]) {
      const result = await call(t.app, '/dataset-examine/create', examInput(over), { token: teacher });
      expect(result.body.error, JSON.stringify(over)).toBe('invalid_input');
    }
  });

  it('a fixed paper needs questions, all passed', async () => {
    const category = await examCategory(t, siteId);
    const empty = await create();
    expect((await publish(empty.id)).body.error).toBe('exam_paper_empty');
    const [passed] = await examQuestions(t, siteId, category, 1);
    const [pending] = await examQuestions(t, siteId, category, 1, { reviewStatus: 'unreviewed' });
    const exam = await create({ question_ids: [passed, pending] });
    const refused = await publish(exam.id);
    expect(refused.body.error).toBe('exam_questions_not_passed');
    expect(refused.body.message).toContain(String(pending));
    expect(refused.body.details).toEqual({ question_ids: [pending] });
  });

  it('a random paper needs type ratios and enough passed questions in every cell, naming each short cell', async () => {
    const category = await examCategory(t, siteId);
    await examQuestions(t, siteId, category, 4, { type: 'single', difficulty: 'easy' });
    await examQuestions(t, siteId, category, 1, { type: 'single', difficulty: 'hard' });
    await examQuestions(t, siteId, category, 5, { type: 'judge', difficulty: 'easy' });
    await examQuestions(t, siteId, category, 9, { type: 'judge', difficulty: 'hard', reviewStatus: 'unreviewed' });
    const blueprint = {
      total: 10,
      type_ratios: { single: 1, multiple: 0, judge: 1 },
      difficulty_ratios: { easy: 3, medium: 0, hard: 2 },
      category_ids: [category],
      node_ids: [],
    };
    const zero = await create({
      paper_mode: 'random',
      blueprint: { ...blueprint, type_ratios: { single: 0, multiple: 0, judge: 0 } },
    });
    expect((await publish(zero.id)).body.error).toBe('exam_blueprint_empty');
    const missing = await create({ paper_mode: 'random' });
    expect((await publish(missing.id)).body.error).toBe('exam_blueprint_empty');

    const check = await call(t.app, '/dataset-examine/check-blueprint', blueprint, { token: teacher });
    expect(check.body.data).toEqual({
      feasible: false,
      cells: [
        { type: 'single', difficulty: 'easy', needed: 3, available: 4 },
        { type: 'single', difficulty: 'hard', needed: 2, available: 1 },
        { type: 'judge', difficulty: 'easy', needed: 3, available: 5 },
        { type: 'judge', difficulty: 'hard', needed: 2, available: 0 },
      ],
    });
    const short = await create({ paper_mode: 'random', blueprint });
    const refused = await publish(short.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('exam_blueprint_short');
    expect(refused.body.message).toBe('审核通过的题目不足：单选题·困难：需要 2，现有 1；判断题·困难：需要 2，现有 0');
    expect(refused.body.details).toHaveProperty('cells.length', 2);
    const english = await call(t.app, '/dataset-examine/publish', { id: short.id }, { token: teacher, lang: 'en-US' });
    expect(english.body.message).toContain('Single choice · Hard: needed 2, available 1');

    await examQuestions(t, siteId, category, 1, { type: 'single', difficulty: 'hard' });
    await examQuestions(t, siteId, category, 2, { type: 'judge', difficulty: 'hard' });
    const ok = await publish(short.id);
    expect(ok.body.data).toMatchObject({ status: 'published', question_count: 10, paper_mode: 'random' });
  });
});
