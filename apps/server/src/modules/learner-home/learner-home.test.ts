import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examCategory, examQuestions, insertExam } from '../../testing/exams.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * A fresh student of 示范学院, two categories (A with 2 questions, B with 2), set "A" over A and set "B" over B,
 * both joined (A first). Practice: set A, 2 questions, one right and one wrong (50); set B, 1 question, wrong (0).
 * By hand: A answered 2/2 (1 correct), B answered 1/2 (0 correct) -> B comes first; the wrong book holds 2
 * questions, one per category; recent practice B (0) then A (50); one graded exam of 80 (another attempt not
 * graded yet); 2 certificates of which 1 is revoked -> 1.
 */
let t: TestApp;
let token: string;
let userId: number;
let siteId: number;
const sets: Record<'A' | 'B', number> = { A: 0, B: 0 };
const categories: Record<'A' | 'B', number> = { A: 0, B: 0 };
const RIGHT = [0];
const WRONG = [1];

async function api<P extends ProcedurePath>(path: P, input: object) {
  const res = await call(t.app, path, input, { token });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

async function practise(setId: number, count: number, answers: number[][]) {
  const { id } = await api('/trainingcamp/train-start', { set_id: setId, count });
  const session = await api('/trainingcamp/session', { id });
  for (const [index, chosen] of answers.entries())
    await api('/trainingcamp/answer', { session_id: id, question_id: session.questions[index]!.id, chosen });
  await api('/trainingcamp/finish', { id });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  const manager = await sessionFor(t, 'manager');
  const created = await call(
    t.app,
    '/user/create',
    { username: 'homestudent', nickname: '首页学员', password: 'Abc12345', roles: ['role_student'] },
    { token: manager },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  userId = created.body.data.user_id;
  token = await sessionFor(t, 'homestudent');
  for (const key of ['A', 'B'] as const) {
    categories[key] = await examCategory(t, siteId);
    await examQuestions(t, siteId, categories[key], 2);
    const [set] = await t.deps.db
      .insert(schema.practiceSets)
      .values({ siteId, name: `set ${key}`, categoryIds: [categories[key]], status: 'published' })
      .returning({ id: schema.practiceSets.id });
    sets[key] = set!.id;
  }
});
afterAll(() => t.close());

describe('/user/index-student', () => {
  it('starts empty for a new student', async () => {
    const home = await api('/user/index-student', {});
    expect(home).toMatchObject({
      site: { id: siteId, name: '示范学院' },
      joined_sets: 0,
      next_sets: [],
      wrong_book: { total: 0, categories: [], n: 3 },
      recent_practice: [],
      recent_exams: [],
      certificates: 0,
    });
  });

  it('adds up joined sets, progress, the wrong book, recent scores, graded exams and certificates', async () => {
    await api('/trainingcamp/train-join', { set_id: sets.A });
    await api('/trainingcamp/train-join', { set_id: sets.B });
    const fresh = await api('/user/index-student', {});
    // No progress anywhere: the newest join first.
    expect(fresh.next_sets.map((s) => s.name)).toEqual(['set B', 'set A']);

    const first = await practise(sets.A, 2, [RIGHT, WRONG]);
    const second = await practise(sets.B, 1, [WRONG]);

    const examId = await insertExam(t, siteId, { name: '期中认证考试' });
    const deadline = new Date(Date.now() + 3600_000);
    await t.deps.db.insert(schema.examAttempts).values([
      {
        siteId,
        examId,
        userId,
        seq: 1,
        status: 'graded',
        paper: [],
        deadline,
        submittedAt: new Date(),
        score: 80,
        passed: true,
      },
      { siteId, examId, userId, seq: 2, status: 'submitted', paper: [], deadline, submittedAt: new Date() },
    ]);
    const [template] = await t.deps.db
      .insert(schema.certTemplates)
      .values({ siteId, name: 'tpl', title: '结业证书' })
      .returning({ id: schema.certTemplates.id });
    await t.deps.db.insert(schema.certificates).values([
      { siteId, templateId: template!.id, userId, code: 'HOMECERT1', source: 'manual', subject: 's', holderName: 'h' },
      {
        siteId,
        templateId: template!.id,
        userId,
        code: 'HOMECERT2',
        source: 'manual',
        subject: 's',
        holderName: 'h',
        revokedAt: new Date(),
      },
    ]);

    const home = await api('/user/index-student', {});
    expect(home.joined_sets).toBe(2);
    expect(home.next_sets).toEqual([
      { id: sets.B, name: 'set B', data_count: 2, my_answered: 1, my_correct: 0 },
      { id: sets.A, name: 'set A', data_count: 2, my_answered: 2, my_correct: 1 },
    ]);
    expect(home.wrong_book.total).toBe(2);
    expect(home.wrong_book.categories.map((c) => [c.category_id, c.count]).sort()).toEqual(
      [
        [categories.A, 1],
        [categories.B, 1],
      ].sort(),
    );
    expect(home.recent_practice.map((p) => [p.id, p.set_name, p.total, p.score])).toEqual([
      [second, 'set B', 1, 0],
      [first, 'set A', 2, 50],
    ]);
    expect(home.recent_exams).toMatchObject([{ exam_id: examId, exam_name: '期中认证考试', score: 80, passed: true }]);
    expect(home.certificates).toBe(1);
  });

  it("does not count another student's figures", async () => {
    const other = await sessionFor(t, 'student');
    const home = (await call(t.app, '/user/index-student', {}, { token: other })).body.data;
    expect(home.recent_practice.map((p) => p.set_name)).not.toContain('set A');
    expect(home.certificates).toBe(0);
  });
});

describe('/trainingcamp/mytrain, /trainingcamp/train-detail, /trainingcamp/train-leave', () => {
  it('lists my joined sets with progress and sessions, newest join first', async () => {
    const mine = await api('/trainingcamp/mytrain', {});
    expect(mine.total).toBe(2);
    expect(mine.list.map((r) => [r.name, r.my_answered, r.session_count, r.status])).toEqual([
      ['set B', 1, 1, 'published'],
      ['set A', 2, 1, 'published'],
    ]);
    expect((await api('/trainingcamp/mytrain', { keyword: 'set A' })).list).toHaveLength(1);
  });

  it("shows a set's detail with my sessions", async () => {
    const detail = await api('/trainingcamp/train-detail', { id: sets.A });
    expect(detail).toMatchObject({
      name: 'set A',
      data_count: 2,
      my_answered: 2,
      my_correct: 1,
      my_join_status: 1,
      other_site: false,
      locked: false,
      unlocked: true,
      site: { name: '示范学院' },
    });
    expect(detail.sessions).toMatchObject([{ total: 2, answered_count: 2, correct_count: 1 }]);
  });

  it('flags a set of another organisation of mine, which cannot be started from here', async () => {
    const otherSite = await siteIdByName(t, '星河数据');
    const [membership] = await t.deps.db
      .insert(schema.siteUsers)
      .values({ siteId: otherSite, userId })
      .returning({ id: schema.siteUsers.id });
    // A learner there (a set reaches only members whose roles may practise).
    await t.deps.db
      .insert(schema.siteUserRoles)
      .values({ siteUserId: membership!.id, siteId: otherSite, roleKey: 'role_student' });
    const category = await examCategory(t, otherSite);
    await examQuestions(t, otherSite, category, 1);
    const [set] = await t.deps.db
      .insert(schema.practiceSets)
      .values({ siteId: otherSite, name: 'far set', categoryIds: [category], status: 'published' })
      .returning({ id: schema.practiceSets.id });
    const detail = await api('/trainingcamp/train-detail', { id: set!.id });
    expect(detail).toMatchObject({ other_site: true, site: { name: '星河数据' }, data_count: 1, my_join_status: 0 });
    const start = await call(t.app, '/trainingcamp/train-start', { set_id: set!.id }, { token });
    expect(start.body.error).toBe('practice_other_site');
  });

  it('leaves a set: it drops out of my sets and the dashboard, a second leave is not found', async () => {
    await api('/trainingcamp/train-leave', { set_id: sets.B });
    expect((await api('/trainingcamp/mytrain', {})).list.map((r) => r.name)).toEqual(['set A']);
    expect((await api('/user/index-student', {})).joined_sets).toBe(1);
    const again = await call(t.app, '/trainingcamp/train-leave', { set_id: sets.B }, { token });
    expect(again.status).toBe(404);
  });
});
