import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf, joinGroup } from '../../testing/audiences.ts';
import { createQuestionBankFixture } from '../../testing/question-bank.ts';
import { demoSiteIds, sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type PathTail, type TestApp } from '../../testing/test-app.ts';

/** A practice set restricted to an audience: only it lists, opens, joins and practises the set. */
let t: TestApp;
let siteId: number;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await demoSiteIds(t));
  teacher = await sessionFor(t, 'teacher');
});
afterAll(() => t.close());

const student = () => freshMember(t, siteId, 'role_student');

/** A published set over a fresh one-question category, made by the teacher through the API. */
async function publishedSet(audience: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const bank = await createQuestionBankFixture(t, siteId);
  const created = await call(
    t.app,
    '/dataset-train/create',
    {
      name: `对象练习-${Math.random().toString(36).slice(2, 8)}`,
      category_ids: [bank.categoryId],
      ...audience,
      ...extra,
    },
    { token: teacher },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const published = await call(t.app, '/dataset-train/publish', { id: created.body.data.id }, { token: teacher });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return created.body.data.id;
}

const learner = <S extends PathTail<'/trainingcamp/'>>(path: S, body: Record<string, unknown>, who: FreshMember) =>
  call(t.app, `/trainingcamp/${path}`, body, { token: who.token });

async function listedSetIds(who: FreshMember): Promise<number[]> {
  const result = await learner('train-list', { pageSize: 100 }, who);
  expect(result.status).toBe(200);
  return result.body.data.list.map((s) => s.id);
}

async function practise(who: FreshMember, setId: number) {
  expect((await learner('train-join', { set_id: setId }, who)).status).toBe(200);
  const started = await learner('train-start', { set_id: setId }, who);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
}

describe('a practice set for one class', () => {
  it('reaches the students of that class, now and later, and nobody else', async () => {
    const [a1, b1, late] = [await student(), await student(), await student()];
    const classA = await groupOf(t, siteId, 'class', [a1]);
    await groupOf(t, siteId, 'class', [b1]);
    const setId = await publishedSet({ audience: 'chosen', audience_group_ids: [classA] });

    expect(await listedSetIds(a1)).toContain(setId);
    expect((await learner('train-detail', { id: setId }, a1)).status).toBe(200);
    await practise(a1, setId);

    expect(await listedSetIds(b1)).not.toContain(setId);
    for (const [path, body] of [
      ['train-detail', { id: setId }],
      ['train-join', { set_id: setId }],
      ['train-start', { set_id: setId }],
    ] as const) {
      const refused = await learner(path, body, b1);
      expect(refused.status, path).toBe(404);
      expect(refused.body.error).toBe('not_found');
    }

    await joinGroup(t, classA, 'class', late);
    expect(await listedSetIds(late)).toContain(setId);
    await practise(late, setId);
  });

  it('keeps the set for who joined when the audience narrows; the others follow the new audience', async () => {
    const [a1, a2] = [await student(), await student()];
    const classA = await groupOf(t, siteId, 'class', [a1, a2]);
    const setId = await publishedSet({ audience: 'chosen', audience_group_ids: [classA] });
    await practise(a1, setId);
    const detail = (await call(t.app, '/dataset-train/detail', { id: setId }, { token: teacher })).body.data;
    const narrowed = await call(
      t.app,
      '/dataset-train/update',
      { ...detail, audience: 'chosen', audience_group_ids: [], audience_user_ids: [a1.id] },
      { token: teacher },
    );
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.data.audience).toMatchObject({ mode: 'chosen', people: 1 });
    expect(await listedSetIds(a1)).toContain(setId);
    expect((await learner('mytrain', {}, a1)).body.data.list.map((s) => s.id)).toContain(setId);
    expect(await listedSetIds(a2)).not.toContain(setId);
    expect((await learner('train-join', { set_id: setId }, a2)).body.error).toBe('not_found');
  });

  it('still needs the activation code of a locked set: the audience does not replace the lock', async () => {
    const a1 = await student();
    const classA = await groupOf(t, siteId, 'class', [a1]);
    const bank = await createQuestionBankFixture(t, siteId);
    const setId = await publishedSet(
      { audience: 'chosen', audience_group_ids: [classA] },
      { lock_category_id: bank.categoryId },
    );
    expect(await listedSetIds(a1)).toContain(setId);
    expect((await learner('train-join', { set_id: setId }, a1)).body.error).toBe('practice_locked');
  });
});

describe('other audiences of practice sets', () => {
  it('everyone (the default) reaches a teacher and a student; "students" only the student', async () => {
    const [s1, t1] = [await student(), await freshMember(t, siteId, 'role_teacher')];
    const forEveryone = await publishedSet({});
    const forStudents = await publishedSet({ audience: 'students' });
    expect(await listedSetIds(s1)).toEqual(expect.arrayContaining([forEveryone, forStudents]));
    const teacherSees = await listedSetIds(t1);
    expect(teacherSees).toContain(forEveryone);
    expect(teacherSees).not.toContain(forStudents);
    expect((await learner('train-join', { set_id: forStudents }, t1)).body.error).toBe('not_found');
  });

  it('reaches a member chosen by name, and refuses to publish a chosen audience naming nobody', async () => {
    const [s1, chosenTeacher] = [await student(), await freshMember(t, siteId, 'role_teacher')];
    const setId = await publishedSet({ audience: 'chosen', audience_user_ids: [chosenTeacher.id] });
    expect(await listedSetIds(chosenTeacher)).toContain(setId);
    await practise(chosenTeacher, setId);
    expect(await listedSetIds(s1)).not.toContain(setId);

    const bank = await createQuestionBankFixture(t, siteId);
    const draft = await call(
      t.app,
      '/dataset-train/create',
      { name: '无人练习', category_ids: [bank.categoryId], audience: 'chosen' },
      { token: teacher },
    );
    const refused = await call(t.app, '/dataset-train/publish', { id: draft.body.data.id }, { token: teacher });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('audience_empty');
    expect(refused.body.message).toBe('指定参加对象时，请至少选择一个班级、团队分组或成员');
  });
});
