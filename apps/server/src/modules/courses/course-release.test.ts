import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, homeOf, ok, refused, statesOf, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { createPracticeFixture } from '../../testing/practice.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

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
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** A fresh student, their class, and an online course of one week with the tasks `over` describes. */
async function onlineCourse(tasks: Record<string, unknown>[]) {
  const student = await freshCandidate(t, siteId);
  const course = await teachingCourse(t, teacher.token, { classIds: [await groupOf(t, siteId, 'class', [student])] });
  const made = [];
  for (const over of tasks) made.push(await addTask(t, teacher.token, course.chapters[0]!.id, over));
  await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
  return { student, courseId: course.id, tasks: made };
}

const progress = (student: FreshMember, taskId: number, value: number, seconds = 0) =>
  ok(t, '/dataset-course/task-progress', { task_id: taskId, progress: value, seconds }, student.token);

describe('release', () => {
  it('by date: a task is locked, without its material, until its open time', async () => {
    const { student, courseId, tasks } = await onlineCourse([{ open_at: at(HOUR), title: 'later' }, { title: 'now' }]);
    const home = await homeOf(t, student.token, courseId);
    expect(home.chapters[0]!.tasks.map((task) => [task.title, task.state, task.material?.type ?? null])).toEqual([
      ['later', 'locked', null],
      ['now', 'not_started', 'link'],
    ]);
    expect(
      await refused(t, '/dataset-course/task-progress', { task_id: tasks[0]!.id, progress: 1 }, student.token),
    ).toBe('course_task_locked');
    await ok(t, '/dataset-course/task-save', { ...tasks[0], id: tasks[0]!.id, open_at: at(-HOUR) }, teacher.token);
    expect(await statesOf(t, student.token, courseId)).toEqual(['not_started', 'not_started']);
  });

  it('after the previous task: unlocked when the task before it in the course is done', async () => {
    const { student, courseId, tasks } = await onlineCourse([
      { title: 'first' },
      { title: 'second', release: 'after_previous' },
      { title: 'third', release: 'after_previous' },
    ]);
    expect(await statesOf(t, student.token, courseId)).toEqual(['not_started', 'locked', 'locked']);
    await progress(student, tasks[0]!.id, 0.5);
    expect(await statesOf(t, student.token, courseId)).toEqual(['in_progress', 'locked', 'locked']);
    await progress(student, tasks[0]!.id, 1);
    expect(await statesOf(t, student.token, courseId)).toEqual(['done', 'not_started', 'locked']);
    expect(
      await refused(t, '/dataset-course/task-progress', { task_id: tasks[2]!.id, progress: 1 }, student.token),
    ).toBe('course_task_locked');
    await progress(student, tasks[1]!.id, 1);
    expect(await statesOf(t, student.token, courseId)).toEqual(['done', 'done', 'not_started']);
  });

  it('across chapters, in course order: the first task of a week follows the last one of the week before', async () => {
    const student = await freshCandidate(t, siteId);
    const course = await teachingCourse(t, teacher.token, {
      classIds: [await groupOf(t, siteId, 'class', [student])],
      weeks: 2,
    });
    const last = await addTask(t, teacher.token, course.chapters[0]!.id);
    await addTask(t, teacher.token, course.chapters[1]!.id, { release: 'after_previous' });
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    expect(await statesOf(t, student.token, course.id)).toEqual(['not_started', 'locked']);
    await progress(student, last.id, 1);
    expect(await statesOf(t, student.token, course.id)).toEqual(['done', 'not_started']);
  });
});

describe('material progress', () => {
  it('never goes back, is done read to the end, and counts only the seconds that passed', async () => {
    const { student, courseId, tasks } = await onlineCourse([{ weight: 10 }]);
    const first = await progress(student, tasks[0]!.id, 0.6, 3000);
    expect(first).toMatchObject({ state: 'in_progress', progress: expect.closeTo(0.6, 5), score: null });
    expect(first.seconds_spent).toBe(300);
    const again = await progress(student, tasks[0]!.id, 0.2, 3000);
    expect(again.progress).toBeCloseTo(0.6, 5);
    expect(again.seconds_spent).toBeLessThanOrEqual(300 + 10);
    const [row] = await t.deps.db
      .select()
      .from(schema.courseTaskProgress)
      .where(and(eq(schema.courseTaskProgress.taskId, tasks[0]!.id), eq(schema.courseTaskProgress.userId, student.id)));
    await t.deps.db
      .update(schema.courseTaskProgress)
      .set({ updatedAt: new Date(row!.updatedAt.getTime() - 60_000) })
      .where(eq(schema.courseTaskProgress.taskId, tasks[0]!.id));
    const later = await progress(student, tasks[0]!.id, 1, 40);
    expect(later).toMatchObject({ state: 'done', progress: 1, score: 100 });
    expect(later.seconds_spent).toBe(again.seconds_spent + 40);
    expect((await homeOf(t, student.token, courseId)).score).toBe(100);
  });

  it('is reported only for material', async () => {
    const { setId } = await createPracticeFixture(t, siteId);
    const { student, tasks } = await onlineCourse([{ kind: 'practice', practice_set_id: setId }]);
    expect(
      await refused(t, '/dataset-course/task-progress', { task_id: tasks[0]!.id, progress: 1 }, student.token),
    ).toBe('course_task_not_material');
  });
});

describe('due dates', () => {
  it('make a task overdue once passed, and the home lists what is due within a week first', async () => {
    const { student, courseId, tasks } = await onlineCourse([
      { title: 'late', due_at: at(-HOUR) },
      { title: 'tomorrow', due_at: at(24 * HOUR) },
      { title: 'in three days', due_at: at(72 * HOUR) },
      { title: 'next month', due_at: at(30 * 24 * HOUR) },
      { title: 'done soon', due_at: at(2 * HOUR) },
      { title: 'after the done one', due_at: at(48 * HOUR), release: 'after_previous' },
    ]);
    await progress(student, tasks[4]!.id, 1);
    const home = await homeOf(t, student.token, courseId);
    expect(home.chapters[0]!.tasks.map((task) => task.state)).toEqual([
      'overdue',
      'not_started',
      'not_started',
      'not_started',
      'done',
      'not_started',
    ]);
    expect(home.due_this_week.map((task) => task.title)).toEqual([
      'late',
      'tomorrow',
      'after the done one',
      'in three days',
    ]);
    expect(home).toMatchObject({ task_count: 6, done_count: 1, progress: 17, score: null, finished: false });
  });

  it('offline hides the course from its students; online shows it again with their work', async () => {
    const { student, courseId, tasks } = await onlineCourse([{}]);
    await progress(student, tasks[0]!.id, 1);
    await ok(t, '/dataset-course/offline', { id: courseId }, teacher.token);
    expect(await refused(t, '/dataset-course/home', { id: courseId }, student.token)).toBe('not_found');
    const mine = await ok(t, '/dataset-course/my-list', { tab: 'finished' }, student.token);
    expect(mine.list.some((row) => row.id === courseId)).toBe(false);
    await ok(t, '/dataset-course/online', { id: courseId }, teacher.token);
    expect(await statesOf(t, student.token, courseId)).toEqual(['done']);
  });
});
