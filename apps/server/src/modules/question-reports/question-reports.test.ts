import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestionBankFixture, type QuestionBankFixture } from '../../testing/question-bank.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordQuestionAnswers } from './record-question-answers.ts';

let t: TestApp;
let student: string;
let student2: string;
let teacher: string;
let contentmgr: string;
let siteId: number;
let bank: QuestionBankFixture;

const unique = () => Math.random().toString(36).slice(2, 8);

async function userId(username: string): Promise<number> {
  const [user] = await t.deps.db
    .select({ id: schema.users.id, siteId: schema.users.currentSiteId })
    .from(schema.users)
    .where(eq(schema.users.username, username));
  return user!.id;
}

async function noticesOf(username: string, kind: string) {
  return t.deps.db
    .select()
    .from(schema.userMessages)
    .where(and(eq(schema.userMessages.userId, await userId(username)), eq(schema.userMessages.kind, kind as never)));
}

async function addCategory(name: string, parentId: number | null = null): Promise<number> {
  const [row] = await t.deps.db
    .insert(schema.questionCategories)
    .values({ siteId, parentId, name, reviewStatus: 'passed' })
    .returning({ id: schema.questionCategories.id });
  return row!.id;
}

async function addQuestion(categoryId: number, text: string, reviewStatus: 'passed' | 'unreviewed' = 'passed') {
  const [row] = await t.deps.db
    .insert(schema.questions)
    .values({
      siteId,
      categoryId,
      type: 'judge',
      stem: `<p>${text}</p>`,
      stemText: text,
      options: [
        { content: '<p>对</p>', correct: true },
        { content: '<p>错</p>', correct: false },
      ],
      reviewStatus,
    })
    .returning({ id: schema.questions.id });
  return row!.id;
}

/** `answers` answers of which `correct` were right. */
const answered = (questionId: number, answers: number, correct: number) =>
  Array.from({ length: answers }, (_, i) => ({ questionId, correct: i < correct }));

async function report(token: string, input: Record<string, unknown>) {
  const result = await call(t.app, '/dataset-feedback/create', input, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  student = await sessionFor(t, 'student');
  student2 = await sessionFor(t, 'student2');
  teacher = await sessionFor(t, 'teacher');
  contentmgr = await sessionFor(t, 'contentmgr');
  const [me] = await t.deps.db
    .select({ siteId: schema.users.currentSiteId })
    .from(schema.users)
    .where(eq(schema.users.username, 'contentmgr'));
  siteId = me!.siteId!;
  bank = await createQuestionBankFixture(t, siteId);
});
afterAll(() => t.close());

describe('learners report corrections and feedback', () => {
  it('a student reports a correction; content managers are told and see it in their queue', async () => {
    const content = `第二个选项才对 ${unique()}`;
    const created = await report(student, { kind: 'correction', question_id: bank.questionId, content });
    expect(created).toMatchObject({ kind: 'correction', question_id: bank.questionId, status: 'pending', reply: '' });

    const notices = await noticesOf('contentmgr', 'question_reported');
    const notice = notices.find((n) => (n.params as { report_id: number }).report_id === created.id);
    expect(notice?.params).toMatchObject({ context: 'correction', user: '张同学', excerpt: content });
    expect(await noticesOf('student', 'question_reported')).toEqual([]);

    const queue = await call(
      t.app,
      '/dataset-feedback/list',
      { kind: 'correction', status: 'pending', keyword: content },
      { token: contentmgr },
    );
    expect(queue.body.data.total).toBe(1);
    expect(queue.body.data.list[0]).toMatchObject({
      id: created.id,
      user_name: '张同学',
      content,
      question_stem_text: expect.stringContaining('Fixture question'),
    });
    const byName = await call(t.app, '/dataset-feedback/list', { keyword: '张同学' }, { token: contentmgr });
    expect(byName.body.data.list.map((r) => r.id)).toContain(created.id);

    const detail = await call(t.app, '/dataset-feedback/detail', { id: created.id }, { token: contentmgr });
    expect(detail.body.data.question).toMatchObject({ id: bank.questionId, type: 'single', review_status: 'passed' });
    expect(detail.body.data.question?.options).toHaveLength(2);
  });

  it('refuses a correction without a question, about an unreviewed question, or by someone without the key', async () => {
    const missing = await call(
      t.app,
      '/dataset-feedback/create',
      { kind: 'correction', content: 'x' },
      { token: student },
    );
    expect(missing.status).toBe(400);
    const draft = await addQuestion(bank.categoryId, `未审核 ${unique()}`, 'unreviewed');
    const hidden = await call(
      t.app,
      '/dataset-feedback/create',
      { kind: 'correction', question_id: draft, content: 'x' },
      { token: student },
    );
    expect(hidden.body.error).toBe('not_found');
    const blank = await call(
      t.app,
      '/dataset-feedback/create',
      { kind: 'feedback', content: '   ' },
      { token: student },
    );
    expect(blank.status).toBe(400);
    const list = await call(t.app, '/dataset-feedback/list', {}, { token: student });
    expect(list.body.error).toBe('forbidden');
  });

  it('takes general feedback without a question, from teachers too', async () => {
    const created = await report(teacher, { kind: 'feedback', content: `希望增加更多判断题 ${unique()}` });
    expect(created).toMatchObject({ kind: 'feedback', question_id: null, question_stem_text: null });
    const feedback = await call(t.app, '/dataset-feedback/list', { kind: 'feedback' }, { token: contentmgr });
    expect(feedback.body.data.list[0]).toMatchObject({ id: created.id, user_name: '李老师', status: 'pending' });
    const detail = await call(t.app, '/dataset-feedback/detail', { id: created.id }, { token: contentmgr });
    expect(detail.body.data.question).toBeNull();
  });
});

describe('content managers handle reports once', () => {
  it('declining needs a reply; the reporter reads it in their list and is told; a second decision is refused', async () => {
    const created = await report(student, { kind: 'correction', question_id: bank.questionId, content: '答案错了' });
    const empty = await call(
      t.app,
      '/dataset-feedback/decline',
      { id: created.id, reply: '  ' },
      { token: contentmgr },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('reason_required');

    const declined = await call(
      t.app,
      '/dataset-feedback/decline',
      { id: created.id, reply: '答案 A 是对的' },
      { token: contentmgr },
    );
    expect(declined.body.data).toMatchObject({
      status: 'declined',
      reply: '答案 A 是对的',
      handled_by_name: '内容管理',
    });
    expect(declined.body.data.handled_at).toBeTruthy();

    const again = await call(t.app, '/dataset-feedback/accept', { id: created.id }, { token: contentmgr });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('report_handled');
    const declineAgain = await call(
      t.app,
      '/dataset-feedback/decline',
      { id: created.id, reply: 'x' },
      { token: contentmgr },
    );
    expect(declineAgain.body.error).toBe('report_handled');

    const mine = await call(t.app, '/dataset-feedback/mine', { status: 'declined' }, { token: student });
    const row = mine.body.data.list.find((r) => r.id === created.id);
    expect(row).toMatchObject({ status: 'declined', reply: '答案 A 是对的', content: '答案错了' });
    expect(row).not.toHaveProperty('handled_by_name');
    const others = await call(t.app, '/dataset-feedback/mine', {}, { token: student2 });
    expect(others.body.data.list.map((r) => r.id)).not.toContain(created.id);

    const told = await noticesOf('student', 'question_report_handled');
    const notice = told.find((n) => (n.params as { report_id: number }).report_id === created.id);
    expect(notice?.params).toMatchObject({ context: 'declined', reason: '答案 A 是对的', excerpt: '答案错了' });
    const messages = await call(t.app, '/message/list', {}, { token: student });
    expect(messages.body.data.list.map((m) => m.kind)).toContain('question_report_handled');
  });

  it('accepts with or without a reply', async () => {
    const a = await report(student, { kind: 'correction', question_id: bank.questionId, content: '解析有错别字' });
    const accepted = await call(t.app, '/dataset-feedback/accept', { id: a.id }, { token: contentmgr });
    expect(accepted.body.data).toMatchObject({ status: 'accepted', reply: '' });
    const b = await report(student, { kind: 'feedback', question_id: bank.questionId, content: '题干不清楚' });
    const replied = await call(t.app, '/dataset-feedback/accept', { id: b.id, reply: '已修改' }, { token: contentmgr });
    expect(replied.body.data).toMatchObject({ status: 'accepted', reply: '已修改' });
    const told = await noticesOf('student', 'question_report_handled');
    const contexts = Object.fromEntries(
      told.map((n) => [(n.params as { report_id: number }).report_id, (n.params as { context: string }).context]),
    );
    expect(contexts[a.id]).toBe('accepted');
    expect(contexts[b.id]).toBe('accepted_reply');
    const mine = await call(t.app, '/dataset-feedback/mine', { kind: 'feedback' }, { token: student });
    expect(mine.body.data.list[0]).toMatchObject({ id: b.id, status: 'accepted', reply: '已修改' });
  });

  it('lists pending reports before handled ones', async () => {
    const list = await call(t.app, '/dataset-feedback/list', { pageSize: 100 }, { token: contentmgr });
    const statuses: string[] = list.body.data.list.map((r) => r.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((s) => s !== 'pending'));
  });
});

describe('error-prone questions', () => {
  let parent: number;
  let hard: number;
  let easy: number;
  let fewAnswers: number;
  let nested: number;

  beforeAll(async () => {
    parent = await addCategory(`易错 ${unique()}`);
    const child = await addCategory(`易错子类 ${unique()}`, parent);
    hard = await addQuestion(parent, `难题 ${unique()}`);
    easy = await addQuestion(parent, `易题 ${unique()}`);
    fewAnswers = await addQuestion(parent, `少答 ${unique()}`);
    nested = await addQuestion(child, `子类题 ${unique()}`);
    const counted = await recordQuestionAnswers(t.deps.db, siteId, [
      ...answered(hard, 10, 2),
      ...answered(easy, 5, 4),
      ...answered(fewAnswers, 4, 0),
      ...answered(nested, 6, 3),
    ]);
    expect(counted).toBe(4);
  });

  it('counts answers per question, only in the given organisation', async () => {
    const [row] = await t.deps.db
      .select({ answers: schema.questions.answerCount, correct: schema.questions.correctCount })
      .from(schema.questions)
      .where(eq(schema.questions.id, hard));
    expect(row).toEqual({ answers: 10, correct: 2 });
    const other = await siteIdByName(t, '星河数据');
    expect(await recordQuestionAnswers(t.deps.db, other, [{ questionId: hard, correct: true }])).toBe(0);
    expect(await recordQuestionAnswers(t.deps.db, siteId, [])).toBe(0);
  });

  it('ranks questions with enough answers by wrong rate, within a category and its descendants', async () => {
    const list = await call(t.app, '/dataset-data/error-prone', { category_id: parent }, { token: contentmgr });
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.list.map((r) => r.id)).toEqual([hard, nested, easy]);
    expect(list.body.data.list[0]).toMatchObject({
      answer_count: 10,
      correct_count: 2,
      wrong_count: 8,
      category_name: expect.stringContaining('易错'),
      stem_text: expect.stringContaining('难题'),
    });
    expect(list.body.data.list[0]!.wrong_rate).toBeCloseTo(0.8);

    const lower = await call(
      t.app,
      '/dataset-data/error-prone',
      { category_id: parent, min_answers: 4 },
      { token: contentmgr },
    );
    expect(lower.body.data.list[0]!.id).toBe(fewAnswers);
    expect(lower.body.data.total).toBe(4);

    const rate = await call(
      t.app,
      '/dataset-data/error-prone',
      { category_id: parent, min_rate: 0.5 },
      { token: contentmgr },
    );
    expect(rate.body.data.list.map((r) => r.id)).toEqual([hard, nested]);
  });
});

describe("the content manager's home", () => {
  it('sums up the bank: review statuses, waiting categories, pending reports, error-prone, questions per day', async () => {
    const home = await call(t.app, '/user/index-content-manager', {}, { token: contentmgr });
    expect(home.status).toBe(200);
    const data = home.body.data;
    const [counted] = await t.deps.db
      .select({
        total: sql<number>`count(*)::int`,
        unreviewed: sql<number>`count(*) filter (where review_status = 'unreviewed')::int`,
      })
      .from(schema.questions)
      .where(eq(schema.questions.siteId, siteId));
    expect(data.questions.total).toBe(counted!.total);
    expect(data.questions.by_status.unreviewed).toBe(counted!.unreviewed);

    const pending = async (kind: string) =>
      (await call(t.app, '/dataset-feedback/list', { kind, status: 'pending' }, { token: contentmgr })).body.data.total;
    expect(data.pending_reports.correction).toBe(await pending('correction'));
    expect(data.pending_reports.feedback).toBe(await pending('feedback'));
    expect(data.pending_reports.correction).toBeGreaterThanOrEqual(2);

    const prone = await call(t.app, '/dataset-data/error-prone', { min_rate: 0.5 }, { token: contentmgr });
    expect(data.error_prone).toBe(prone.body.data.total);
    expect(data.error_prone).toBeGreaterThanOrEqual(2);

    expect(data.added_last_7_days).toHaveLength(7);
    expect(data.added_last_7_days.at(-1)?.count).toBeGreaterThanOrEqual(6);
    expect(data.categories.total).toBeGreaterThanOrEqual(3);

    const refused = await call(t.app, '/user/index-content-manager', {}, { token: student });
    expect(refused.body.error).toBe('forbidden');
  });
});
