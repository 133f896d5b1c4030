import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../../platform/session.ts';
import { computeUserStat } from '../../platform/user-stat.ts';
import { type FreshMember, freshMember, groupOf, joinGroup } from '../../testing/audiences.ts';
import { examCategory, examQuestions } from '../../testing/exams.ts';
import { demoSiteIds, sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type PathTail, type TestApp } from '../../testing/test-app.ts';

/** Who sees an exam, counts it as pending and may start it: its audience (docs/exams.md "Audience"). */
let t: TestApp;
let siteId: number;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId } = await demoSiteIds(t));
  teacher = await sessionFor(t, 'teacher');
});
afterAll(() => t.close());

const hour = 3600_000;
const student = () => freshMember(t, siteId, 'role_student');
const annotator = () => freshMember(t, siteId, 'role_team_operator');

/** A published exam of one passed question for the given audience, made by the teacher through the API. */
async function publishedExam(audience: {
  audience: string;
  audience_group_ids?: number[];
  audience_user_ids?: number[];
}) {
  const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 1);
  const created = await call(
    t.app,
    '/dataset-examine/create',
    {
      name: `对象考试-${Math.random().toString(36).slice(2, 8)}`,
      question_ids: questionIds,
      pass_score: 60,
      duration_seconds: 3600,
      attempts_allowed: 2,
      window_start: new Date(Date.now() - hour).toISOString(),
      window_end: new Date(Date.now() + 24 * hour).toISOString(),
      ...audience,
    },
    { token: teacher },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const published = await call(t.app, '/dataset-examine/publish', { id: created.body.data.id }, { token: teacher });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return created.body.data.id;
}

const exam = <S extends PathTail<'/dataset-examine/'>>(path: S, body: Record<string, unknown>, who: FreshMember) =>
  call(t.app, `/dataset-examine/${path}`, body, { token: who.token });

async function myExamIds(who: FreshMember, tab = 'exam'): Promise<number[]> {
  const result = await exam('my-list', { tab, pageSize: 100 }, who);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.list.map((e) => e.id);
}

async function todoExamIds(who: FreshMember): Promise<number[]> {
  const result = await call(t.app, '/dataset-examine/doing-wait-exam-list', { status: 0 }, { token: who.token });
  expect(result.status).toBe(200);
  return result.body.data.examine_list.map((e) => e.id);
}

const examineCount = async (who: FreshMember) =>
  (await computeUserStat(t.deps, (await resolveSession(t.deps, who.token))!)).examine_count;

describe('an exam for one class', () => {
  it('reaches the students of that class, now and later, and nobody else', async () => {
    const [a1, b1, late, worker] = [await student(), await student(), await student(), await annotator()];
    const classA = await groupOf(t, siteId, 'class', [a1]);
    await groupOf(t, siteId, 'class', [b1]);
    const examId = await publishedExam({ audience: 'chosen', audience_group_ids: [classA] });

    // A student of class A: in My exams, the to-do panel and examine_count; may open the pre-exam page and start.
    expect(await myExamIds(a1)).toContain(examId);
    expect(await todoExamIds(a1)).toContain(examId);
    expect(await examineCount(a1)).toBe((await examineCount(b1)) + 1);
    expect((await exam('pre-exam', { exam_id: examId }, a1)).body.data).toMatchObject({ id: examId, blocked: null });
    const started = await exam('start', { exam_id: examId }, a1);
    expect(started.status).toBe(200);
    expect(started.body.data.resumed).toBe(false);

    // A student of class B: nothing in any list, and the exam does not exist for them.
    expect(await myExamIds(b1, 'all')).not.toContain(examId);
    expect(await todoExamIds(b1)).not.toContain(examId);
    for (const path of ['pre-exam', 'join', 'start', 'my-records'] as const) {
      const refused = await exam(path, { exam_id: examId }, b1);
      expect(refused.status, path).toBe(404);
      expect(refused.body.error).toBe('not_found');
    }

    // An annotator: no exam in the to-do panel, a count of 0, and no exam-taking rights at all.
    expect(await todoExamIds(worker)).toEqual([]);
    expect(await examineCount(worker)).toBe(0);
    expect((await exam('pre-exam', { exam_id: examId }, worker)).body.error).toBe('forbidden');

    // A student joining class A after publishing sees it from then on and may start it.
    expect(await myExamIds(late)).not.toContain(examId);
    await joinGroup(t, classA, 'class', late);
    expect(await myExamIds(late)).toContain(examId);
    expect(await todoExamIds(late)).toContain(examId);
    expect((await exam('start', { exam_id: examId }, late)).status).toBe(200);
  });

  it('may change its audience: who has an attempt keeps the exam, the others follow the new audience', async () => {
    const [a1, a2, b1] = [await student(), await student(), await student()];
    const classA = await groupOf(t, siteId, 'class', [a1, a2]);
    const classB = await groupOf(t, siteId, 'class', [b1]);
    const examId = await publishedExam({ audience: 'chosen', audience_group_ids: [classA] });
    const { attempt_id } = (await exam('start', { exam_id: examId }, a1)).body.data;
    await exam('submit', { attempt_id }, a1);

    const detail = (await call(t.app, '/dataset-examine/detail', { id: examId }, { token: teacher })).body.data;
    const narrowed = await call(
      t.app,
      '/dataset-examine/update',
      { ...detail, id: examId, audience: 'chosen', audience_group_ids: [classB], audience_user_ids: [] },
      { token: teacher },
    );
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.data.audience.groups.map((g) => g.id)).toEqual([classB]);

    // a1 attempted: the exam stays with its result and its second attempt; a2 never started: it is gone.
    expect(await myExamIds(a1, 'done')).toContain(examId);
    expect(await myExamIds(a1)).toContain(examId);
    expect((await exam('pre-exam', { exam_id: examId }, a1)).status).toBe(200);
    expect(await myExamIds(a2, 'all')).not.toContain(examId);
    expect((await exam('pre-exam', { exam_id: examId }, a2)).body.error).toBe('not_found');
    expect(await myExamIds(b1)).toContain(examId);
  });
});

describe('other audiences', () => {
  it('"all students" reaches every student but not an annotator', async () => {
    const [s1, worker] = [await student(), await annotator()];
    const examId = await publishedExam({ audience: 'students' });
    expect(await myExamIds(s1)).toContain(examId);
    expect(await todoExamIds(s1)).toContain(examId);
    expect(await todoExamIds(worker)).not.toContain(examId);
    expect(await examineCount(worker)).toBe(0);
  });

  it("reaches only members who may take exams: a teacher chosen by name may take it, a team group's annotator is left out", async () => {
    const [inTeam, s1, s2] = [await annotator(), await student(), await student()];
    const chosenTeacher = await freshMember(t, siteId, 'role_teacher');
    const team = await groupOf(t, siteId, 'team', [inTeam, s2]);
    const examId = await publishedExam({
      audience: 'chosen',
      audience_group_ids: [team],
      audience_user_ids: [chosenTeacher.id],
    });
    // The annotator in the chosen team group: no to-do item, not counted, nothing to open.
    expect(await todoExamIds(inTeam)).toEqual([]);
    expect(await examineCount(inTeam)).toBe(0);
    // The student in the same group is reached.
    expect(await todoExamIds(s2)).toContain(examId);
    expect(await examineCount(s2)).toBe((await examineCount(s1)) + 1);
    expect(await myExamIds(s1, 'all')).not.toContain(examId);
    expect(await myExamIds(chosenTeacher)).toEqual([examId]);
    expect((await exam('start', { exam_id: examId }, chosenTeacher)).status).toBe(200);
  });
});
