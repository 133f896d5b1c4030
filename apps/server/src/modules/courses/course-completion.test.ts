import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, homeOf, ok, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { examCategory, examQuestions, insertExam } from '../../testing/exams.ts';
import { insertId } from '../../testing/fixture-rows.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { courseScore } from './course-states.ts';

let t: TestApp;
let siteId: number;
let teacher: FreshMember;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  teacher = await freshMember(t, siteId, 'role_teacher');
});
afterAll(() => t.close());

const HOUR = 3600_000;

/** A published practice set over four new single-choice questions (option 0 is right). */
async function practiceSet() {
  const categoryId = await examCategory(t, siteId);
  const questionIds = await examQuestions(t, siteId, categoryId, 4);
  const setId = await insertId(t, schema.practiceSets, {
    siteId,
    name: `Set ${questionIds[0]}`,
    categoryIds: [categoryId],
    perSession: 4,
    status: 'published',
  });
  return { setId, questionIds };
}

/** A real practice session of the student through the practice procedures: `right` of its questions answered right. */
async function practise(student: FreshMember, setId: number, right: number) {
  await ok(t, '/trainingcamp/train-join', { set_id: setId }, student.token);
  const { id } = await ok(t, '/trainingcamp/train-start', { set_id: setId, count: 4 }, student.token);
  const session = await ok(t, '/trainingcamp/session', { id }, student.token);
  for (const [index, question] of session.questions.entries()) {
    const chosen = index < right ? [0] : [1];
    await ok(t, '/trainingcamp/answer', { session_id: id, question_id: question.id, chosen }, student.token);
  }
  return id;
}

/** A real exam attempt through the exam-taking procedures: `right` of its questions answered right, submitted. */
async function takeExam(student: FreshMember, examId: number, right: number, submit = true) {
  const { attempt_id } = await ok(t, '/dataset-examine/start', { exam_id: examId }, student.token);
  const view = await ok(t, '/dataset-examine/attempt', { attempt_id }, student.token);
  for (const [index, question] of view.questions.entries()) {
    const chosen = index < right ? [0] : [1];
    await ok(
      t,
      '/dataset-examine/answer',
      { attempt_id, question_id: question.id, chosen, client_seq: 1 },
      student.token,
    );
  }
  if (submit) await ok(t, '/dataset-examine/submit', { attempt_id }, student.token);
}

describe('completion', () => {
  it('of practice: a finished session of the set started after the open time, scored by its accuracy', async () => {
    const student = await freshCandidate(t, siteId);
    const { setId, questionIds } = await practiceSet();
    await insertId(t, schema.practiceSessions, {
      siteId,
      setId,
      userId: student.id,
      source: 'new',
      questionIds,
      answeredCount: 4,
      correctCount: 4,
      startedAt: new Date(Date.now() - 2 * HOUR),
      finishedAt: new Date(Date.now() - 2 * HOUR + 60_000),
    });
    const course = await teachingCourse(t, teacher.token, { classIds: [await groupOf(t, siteId, 'class', [student])] });
    const open_at = new Date(Date.now() - HOUR).toISOString();
    const task = await addTask(t, teacher.token, course.chapters[0]!.id, {
      kind: 'practice',
      practice_set_id: setId,
      open_at,
    });
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    const view = async () => (await homeOf(t, student.token, course.id)).chapters[0]!.tasks[0]!;
    // An unfinished session from before the open time is not the task's: nothing to continue.
    await insertId(t, schema.practiceSessions, {
      siteId,
      setId,
      userId: student.id,
      source: 'new',
      questionIds,
      startedAt: new Date(Date.now() - 2 * HOUR),
    });
    expect(await view()).toMatchObject({ id: task.id, state: 'not_started', score: null, open_session_id: null });
    const sessionId = await practise(student, setId, 3);
    expect(await view()).toMatchObject({ state: 'in_progress', score: null, open_session_id: sessionId });
    await ok(t, '/trainingcamp/finish', { id: sessionId }, student.token);
    expect(await view()).toMatchObject({ state: 'done', progress: 1, score: 75, open_session_id: null });
  });

  it('of an exam: a submitted attempt, scored by the best attempt as a percent of the exam total', async () => {
    const student = await freshCandidate(t, siteId);
    const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 4);
    const examId = await insertExam(t, siteId, { questionIds, totalScore: 40, passScore: 20, attemptsAllowed: 2 });
    const course = await teachingCourse(t, teacher.token, { classIds: [await groupOf(t, siteId, 'class', [student])] });
    await addTask(t, teacher.token, course.chapters[0]!.id, { kind: 'exam', exam_id: examId });
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    const view = async () => (await homeOf(t, student.token, course.id)).chapters[0]!.tasks[0]!;
    await takeExam(student, examId, 1, false);
    expect(await view()).toMatchObject({ state: 'in_progress', score: null });
    const [open] = await t.deps.db
      .select()
      .from(schema.examAttempts)
      .where(and(eq(schema.examAttempts.examId, examId), eq(schema.examAttempts.userId, student.id)));
    await ok(t, '/dataset-examine/submit', { attempt_id: open!.id }, student.token);
    expect(await view()).toMatchObject({ state: 'done', score: 25 });
    await takeExam(student, examId, 3);
    expect(await view()).toMatchObject({ state: 'done', score: 75 });
  });
});

describe('the course score', () => {
  it('weighs task scores: a hand-computed case through the API', async () => {
    // material 20 done (100), practice 30 (75), exam 50 (25), material 10 not done (0), material 0 (left out):
    // (20×100 + 30×75 + 50×25 + 10×0) / (20 + 30 + 50 + 10) = 5500 / 110 = 50.
    const student = await freshCandidate(t, siteId);
    const { setId } = await practiceSet();
    const examId = await insertExam(t, siteId, {
      questionIds: await examQuestions(t, siteId, await examCategory(t, siteId), 4),
      totalScore: 40,
      passScore: 20,
    });
    const course = await teachingCourse(t, teacher.token, {
      classIds: [await groupOf(t, siteId, 'class', [student])],
      weeks: 2,
    });
    const [one, two] = course.chapters.map((chapter) => chapter.id);
    const read = await addTask(t, teacher.token, one!, { weight: 20 });
    await addTask(t, teacher.token, one!, { kind: 'practice', practice_set_id: setId, weight: 30 });
    await addTask(t, teacher.token, two!, { kind: 'exam', exam_id: examId, weight: 50 });
    await addTask(t, teacher.token, two!, { weight: 10 });
    const unweighted = await addTask(t, teacher.token, two!, { weight: 0 });
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);

    await ok(t, '/dataset-course/task-progress', { task_id: read.id, progress: 1 }, student.token);
    await ok(t, '/trainingcamp/finish', { id: await practise(student, setId, 3) }, student.token);
    await takeExam(student, examId, 1);
    await ok(t, '/dataset-course/task-progress', { task_id: unweighted.id, progress: 1 }, student.token);
    const home = await homeOf(t, student.token, course.id);
    expect(home.chapters.flatMap((c) => c.tasks.map((task) => task.score))).toEqual([100, 75, 25, null, 100]);
    expect(home).toMatchObject({ score: 50, task_count: 5, done_count: 4, progress: 80, finished: false });
    const inProgress = await ok(t, '/dataset-course/my-list', { tab: 'in_progress', pageSize: 100 }, student.token);
    expect(inProgress.list.find((row) => row.id === course.id)).toMatchObject({ score: 50, progress: 80 });
  });

  it('is null without weights, and rounds to two decimals', () => {
    expect(courseScore([{ weight: 0, state: 'done', score: 100 }])).toBeNull();
    // (30×80 + 20×65.5 + 25×0) / 75 = 3710 / 75 = 49.4666…
    expect(
      courseScore([
        { weight: 30, state: 'done', score: 80 },
        { weight: 20, state: 'done', score: 65.5 },
        { weight: 25, state: 'in_progress', score: null },
      ]),
    ).toBe(49.47);
  });

  it('finishes a course when every weighted task is done or its end date has passed', async () => {
    const student = await freshCandidate(t, siteId);
    const classId = await groupOf(t, siteId, 'class', [student]);
    const course = await teachingCourse(t, teacher.token, { classIds: [classId] });
    const weighted = await addTask(t, teacher.token, course.chapters[0]!.id, { weight: 100 });
    await addTask(t, teacher.token, course.chapters[0]!.id);
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    const ended = await ok(t, '/dataset-course/create', { name: 'Last year', ends_on: '2020-01-31' }, teacher.token);
    await ok(t, '/dataset-course/classes-set', { id: ended.id, group_ids: [classId] }, teacher.token);
    const weeks = await ok(
      t,
      '/dataset-course/chapter-add-weeks',
      { course_id: ended.id, count: 1, title_pattern: 'Week {n}' },
      teacher.token,
    );
    await addTask(t, teacher.token, weeks.chapters[0]!.id);
    await ok(t, '/dataset-course/online', { id: ended.id }, teacher.token);
    const tab = async (name: 'in_progress' | 'finished') =>
      (await ok(t, '/dataset-course/my-list', { tab: name }, student.token)).list.map((row) => row.id);
    expect(await tab('in_progress')).toEqual([course.id]);
    expect(await tab('finished')).toEqual([ended.id]);
    await ok(t, '/dataset-course/task-progress', { task_id: weighted.id, progress: 1 }, student.token);
    expect(await tab('finished')).toEqual([ended.id, course.id]);
    expect(await tab('in_progress')).toEqual([]);
  });
});
