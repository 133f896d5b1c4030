import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestionBankFixture } from '../../testing/question-bank.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let student: string;
let teacher: string;
let siteId: number;
let otherSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  student = await sessionFor(t, 'student');
  teacher = await sessionFor(t, 'teacher');
  siteId = await siteIdByName(t, '示范学院');
  otherSiteId = await siteIdByName(t, '星河数据');
});
afterAll(() => t.close());

async function userId(username: string) {
  const [user] = await t.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, username));
  return user!.id;
}

/** A set over a fresh one-question category of the organisation. */
async function makeSet(site: number, values: Partial<typeof schema.practiceSets.$inferInsert> = {}) {
  const bank = await createQuestionBankFixture(t, site);
  const [set] = await t.deps.db
    .insert(schema.practiceSets)
    .values({
      siteId: site,
      name: `set ${Math.random()}`,
      categoryIds: [bank.categoryId],
      status: 'published',
      ...values,
    })
    .returning({ id: schema.practiceSets.id });
  return { setId: set!.id, ...bank };
}

const join = (token: string, setId: number) => call(t.app, '/trainingcamp/train-join', { set_id: setId }, { token });
const start = (token: string, setId: number, extra: Record<string, unknown> = {}) =>
  call(t.app, '/trainingcamp/train-start', { set_id: setId, ...extra }, { token });

describe('practice sets for learners', () => {
  it("refuses another organisation's set with the organisation's name, and hides it from non-members", async () => {
    const other = await makeSet(otherSiteId);
    const started = await start(student, other.setId);
    expect(started.status).toBe(409);
    expect(started.body.error).toBe('practice_other_site');
    expect(started.body.message).toContain('星河数据');
    expect((await join(student, other.setId)).body.error).toBe('practice_other_site');
    expect((await start(teacher, other.setId)).body.error).toBe('not_found');
    const list = await call(t.app, '/trainingcamp/train-list', { pageSize: 100 }, { token: student });
    expect(list.body.data.list.some((s) => s.id === other.setId)).toBe(false);
  });

  it('lists published sets with my join status; starting needs joining; closed and draft sets refuse', async () => {
    const open = await makeSet(siteId, { perSession: 5 });
    const draft = await makeSet(siteId, { status: 'draft' });
    const closed = await makeSet(siteId, { status: 'closed' });
    const listed = async () =>
      (await call(t.app, '/trainingcamp/train-list', { pageSize: 100 }, { token: student })).body.data.list;
    expect((await listed()).find((s) => s.id === open.setId)).toMatchObject({
      my_join_status: 0,
      data_count: 1,
      site: { name: '示范学院' },
    });
    expect((await listed()).some((s) => s.id === draft.setId || s.id === closed.setId)).toBe(false);
    expect((await start(student, open.setId)).body.error).toBe('practice_not_joined');
    expect((await join(student, open.setId)).status).toBe(200);
    expect((await join(student, open.setId)).status).toBe(200);
    expect((await listed()).find((s) => s.id === open.setId)?.my_join_status).toBe(1);
    expect((await start(student, open.setId)).status).toBe(200);
    expect((await join(student, closed.setId)).body.error).toBe('practice_set_closed');
    expect((await join(student, draft.setId)).body.error).toBe('practice_set_closed');
    expect((await start(student, open.setId, { source: 'wrong' })).body.error).toBe('practice_no_questions');
  });

  it('a locked set needs its category unlocked', async () => {
    const lock = await createQuestionBankFixture(t, siteId);
    const locked = await makeSet(siteId, { lockCategoryId: lock.categoryId });
    const refused = await join(student, locked.setId);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('practice_locked');
    await t.deps.db
      .insert(schema.categoryUnlocks)
      .values({ userId: await userId('student'), categoryId: lock.categoryId, siteId });
    expect((await join(student, locked.setId)).status).toBe(200);
  });
});

describe('a practice session', () => {
  it('hides correct flags until answered; the first answer stands and is counted once', async () => {
    const set = await makeSet(siteId);
    await join(student, set.setId);
    const started = await start(student, set.setId, { font_size: 'large' });
    const id = started.body.data.id;
    const before = await call(t.app, '/trainingcamp/session', { id }, { token: student });
    expect(before.body.data).toMatchObject({ font_size: 'large', total: 1, answered_count: 0 });
    expect(before.body.data.questions[0]!.options).toEqual([
      { key: 0, content: '<p>A</p>' },
      { key: 1, content: '<p>B</p>' },
    ]);
    expect(before.body.data.questions[0]!.analysis).toBeNull();
    const answer = { session_id: id, question_id: set.questionId };
    const first = await call(t.app, '/trainingcamp/answer', { ...answer, chosen: [1] }, { token: student });
    expect(first.body.data).toMatchObject({ correct: false, correct_options: [0], chosen: [1] });
    const second = await call(t.app, '/trainingcamp/answer', { ...answer, chosen: [0] }, { token: student });
    expect(second.body.data).toMatchObject({ correct: false, chosen: [1] });
    const after = await call(t.app, '/trainingcamp/session', { id }, { token: student });
    expect(after.body.data).toMatchObject({ answered_count: 1, correct_count: 0 });
    expect(after.body.data.questions[0]).toMatchObject({ answered: true, chosen: [1], correct: false, analysis: '' });
    expect(after.body.data.questions[0]!.options[0]).toEqual({ key: 0, content: '<p>A</p>', correct: true });
    const [question] = await t.deps.db
      .select({ answers: schema.questions.answerCount, correct: schema.questions.correctCount })
      .from(schema.questions)
      .where(eq(schema.questions.id, set.questionId));
    expect(question).toEqual({ answers: 1, correct: 0 });
    const [entry] = await t.deps.db
      .select({ wrongCount: schema.wrongBookEntries.wrongCount })
      .from(schema.wrongBookEntries)
      .where(eq(schema.wrongBookEntries.questionId, set.questionId));
    expect(entry?.wrongCount).toBe(1);
  });

  it('finishes, then refuses answers; shows result, report, records and statistics', async () => {
    const set = await makeSet(siteId);
    await join(student, set.setId);
    const id = (await start(student, set.setId)).body.data.id;
    await call(
      t.app,
      '/trainingcamp/answer',
      { session_id: id, question_id: set.questionId, chosen: [0] },
      { token: student },
    );
    expect((await call(t.app, '/trainingcamp/finish', { id }, { token: student })).status).toBe(200);
    const late = await call(
      t.app,
      '/trainingcamp/answer',
      { session_id: id, question_id: set.questionId, chosen: [1] },
      { token: student },
    );
    expect(late.body.error).toBe('practice_session_finished');
    const result = await call(t.app, '/trainingcamp/train-result', { id }, { token: student });
    expect(result.body.data).toMatchObject({ score: 100, correct_count: 1 });
    expect(result.body.data.questions[0]).toMatchObject({ correct: true, correct_options: [0] });
    expect(result.body.data.finished_at).not.toBeNull();
    const report = await call(t.app, '/trainingcamp/train-report', { id }, { token: student });
    expect(report.body.data.by_category).toEqual([
      { key: String(set.categoryId), name: expect.any(String), total: 1, answered: 1, correct: 1 },
    ]);
    expect(report.body.data.by_difficulty).toEqual([
      { key: 'medium', name: 'medium', total: 1, answered: 1, correct: 1 },
    ]);
    const records = await call(t.app, '/trainingcamp/selfexam-records', { pageSize: 100 }, { token: student });
    expect(records.body.data.list.some((s) => s.id === id)).toBe(true);
    const stat = await call(t.app, '/trainingcamp/my-test-stat', {}, { token: student });
    expect(stat.body.data.answered).toBeGreaterThanOrEqual(1);
    expect(stat.body.data.days.length).toBeGreaterThanOrEqual(1);
    // Another learner cannot see my session.
    expect((await call(t.app, '/trainingcamp/session', { id }, { token: teacher })).body.error).toBe('not_found');
  });

  it('collects and uncollects questions', async () => {
    const set = await makeSet(siteId);
    expect(
      (await call(t.app, '/trainingcamp/collect', { question_id: set.questionId }, { token: student })).status,
    ).toBe(200);
    expect(
      (await call(t.app, '/trainingcamp/collect', { question_id: set.questionId }, { token: student })).status,
    ).toBe(200);
    const mine = await call(t.app, '/trainingcamp/mycollect', { pageSize: 100 }, { token: student });
    expect(mine.body.data.list.filter((r) => r.question_id === set.questionId)).toHaveLength(1);
    await call(t.app, '/trainingcamp/uncollect', { question_id: set.questionId }, { token: student });
    const after = await call(t.app, '/trainingcamp/mycollect', { pageSize: 100 }, { token: student });
    expect(after.body.data.list.some((r) => r.question_id === set.questionId)).toBe(false);
  });
});
