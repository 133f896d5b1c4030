import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestionBankFixture } from '../../testing/question-bank.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { saveSiteSettings } from '../sites/index.ts';

let t: TestApp;
let student: string;
let studentId: number;
let siteId: number;

const RIGHT = [0];
const WRONG = [1];

beforeAll(async () => {
  t = await createTestApp();
  student = await sessionFor(t, 'student');
  siteId = await siteIdByName(t, '示范学院');
  const [user] = await t.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, 'student'));
  studentId = user!.id;
});
afterAll(() => t.close());

/** A published one-question set the student joined; the organisation's N set to `n`. */
async function joinedSet(n: number) {
  await saveSiteSettings(t.deps.db, siteId, { wrong_book_n: String(n) });
  const bank = await createQuestionBankFixture(t, siteId);
  const [set] = await t.deps.db
    .insert(schema.practiceSets)
    .values({ siteId, name: 'wrong book rule', categoryIds: [bank.categoryId], status: 'published' })
    .returning({ id: schema.practiceSets.id });
  expect((await call(t.app, '/trainingcamp/train-join', { set_id: set!.id }, { token: student })).status).toBe(200);
  return { setId: set!.id, questionId: bank.questionId, categoryId: bank.categoryId };
}

/** Starts a session from the set's `source` questions and answers its one question. */
async function practise(setId: number, source: 'new' | 'wrong' | 'both', chosen: number[]) {
  const started = await call(t.app, '/trainingcamp/train-start', { set_id: setId, source }, { token: student });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const session = await call(t.app, '/trainingcamp/session', { id: started.body.data.id }, { token: student });
  const [question] = session.body.data.questions;
  const answered = await call(
    t.app,
    '/trainingcamp/answer',
    { session_id: started.body.data.id, question_id: question!.id, chosen },
    { token: student },
  );
  expect(answered.status).toBe(200);
  return answered.body.data;
}

async function entry(questionId: number) {
  const [row] = await t.deps.db
    .select()
    .from(schema.wrongBookEntries)
    .where(and(eq(schema.wrongBookEntries.userId, studentId), eq(schema.wrongBookEntries.questionId, questionId)));
  return row;
}

async function inMyBook(questionId: number): Promise<boolean> {
  const book = await call(t.app, '/trainingcamp/mywrong', { pageSize: 100 }, { token: student });
  return book.body.data.list.some((row) => row.question_id === questionId);
}

describe('the wrong-answer book', () => {
  it('N = 1: a wrong answer puts the question in, one correct answer takes it out', async () => {
    const { setId, questionId } = await joinedSet(1);
    expect((await practise(setId, 'new', WRONG)).correct).toBe(false);
    expect(await entry(questionId)).toMatchObject({ inBook: true, wrongCount: 1, correctStreak: 0 });
    expect(await inMyBook(questionId)).toBe(true);
    expect((await practise(setId, 'wrong', RIGHT)).correct).toBe(true);
    expect(await entry(questionId)).toMatchObject({ inBook: false, wrongCount: 1, correctStreak: 1 });
    expect(await inMyBook(questionId)).toBe(false);
    const again = await call(
      t.app,
      '/trainingcamp/train-start',
      { set_id: setId, source: 'wrong' },
      { token: student },
    );
    expect(again.body.error).toBe('practice_no_questions');
  });

  it('N = 3: a wrong answer in between resets the run; three correct in a row take it out', async () => {
    const { setId, questionId } = await joinedSet(3);
    await practise(setId, 'new', WRONG);
    await practise(setId, 'wrong', RIGHT);
    await practise(setId, 'wrong', RIGHT);
    expect(await entry(questionId)).toMatchObject({ inBook: true, correctStreak: 2 });
    await practise(setId, 'both', WRONG);
    expect(await entry(questionId)).toMatchObject({ inBook: true, wrongCount: 2, correctStreak: 0 });
    await practise(setId, 'wrong', RIGHT);
    await practise(setId, 'wrong', RIGHT);
    expect(await inMyBook(questionId)).toBe(true);
    await practise(setId, 'wrong', RIGHT);
    expect(await entry(questionId)).toMatchObject({ inBook: false, wrongCount: 2, correctStreak: 3 });
    expect(await inMyBook(questionId)).toBe(false);
  });

  it('N = 0: the question never leaves', async () => {
    const { setId, questionId } = await joinedSet(0);
    await practise(setId, 'new', WRONG);
    for (let i = 0; i < 4; i++) await practise(setId, 'wrong', RIGHT);
    expect(await entry(questionId)).toMatchObject({ inBook: true, wrongCount: 1, correctStreak: 4 });
    const book = await call(t.app, '/trainingcamp/mywrong', { pageSize: 100 }, { token: student });
    expect(book.body.data.wrong_book_n).toBe(0);
    expect(book.body.data.list.find((row) => row.question_id === questionId)).toMatchObject({
      wrong_count: 1,
      correct_streak: 4,
    });
  });

  it('counts the book per category and practises from it', async () => {
    const a = await joinedSet(3);
    const b = await joinedSet(3);
    await practise(a.setId, 'new', WRONG);
    await practise(b.setId, 'new', WRONG);
    const book = await call(t.app, '/trainingcamp/mywrong', { pageSize: 100 }, { token: student });
    const counts = book.body.data.categories;
    expect(counts.find((c) => c.category_id === a.categoryId)?.count).toBe(1);
    expect(counts.find((c) => c.category_id === b.categoryId)?.count).toBe(1);
    const filtered = await call(t.app, '/trainingcamp/mywrong', { category_id: a.categoryId }, { token: student });
    expect(filtered.body.data.list.map((row) => row.question_id)).toEqual([a.questionId]);
    const started = await call(
      t.app,
      '/trainingcamp/wrong-start',
      { category_id: a.categoryId, count: 5 },
      { token: student },
    );
    const session = await call(t.app, '/trainingcamp/session', { id: started.body.data.id }, { token: student });
    expect(session.body.data).toMatchObject({ set_id: null, source: 'wrong', total: 1 });
    expect(session.body.data.questions.map((q) => q.id)).toEqual([a.questionId]);
    const portrait = await call(t.app, '/trainingcamp/category-portrait', {}, { token: student });
    expect(portrait.body.data.categories.find((c) => c.id === a.categoryId)).toMatchObject({
      answered: 1,
      correct: 0,
      mastery: 0,
    });
  });

  it("takes N from the organisation's settings, which the platform edits", async () => {
    const root = await sessionFor(t, 'root');
    const updated = await call(t.app, '/site/update', { id: siteId, settings: { wrong_book_n: '2' } }, { token: root });
    expect(updated.body.data.settings.wrong_book_n).toBe('2');
    const book = await call(t.app, '/trainingcamp/mywrong', {}, { token: student });
    expect(book.body.data.wrong_book_n).toBe(2);
    const refused = await call(
      t.app,
      '/site/update',
      { id: siteId, settings: { wrong_book_n: '-1' } },
      { token: root },
    );
    expect(refused.status).toBe(400);
  });
});
