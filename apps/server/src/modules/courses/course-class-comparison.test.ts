import type { TCourseClassComparison, TCourseGroupFigures } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let teacher: FreshMember;
let manager: FreshMember;
let classA: number;
let classB: number;
let classC: number;
let courseX: number;
let courseY: number;
let courseZ: number;

const DAY = 86_400_000;

/**
 * Course X (the matrix test's): two material tasks of weight 50, the first due yesterday, the second next week after
 * the first, taught to class A (a1, a2, a3) and class B (b1); a1 read the first and half the second, a2 nothing, a3 a
 * third of the first, b1 the first. Course Y: one unweighted reading for class A, read by a1. Course Z: another
 * teacher's, for classes A and C.
 */
beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
  teacher = await freshMember(t, siteId, 'role_teacher');
  manager = await freshMember(t, siteId, 'role_manager');
  const [a1, a2, a3, b1, c1] = await Promise.all([1, 2, 3, 4, 5].map(() => freshCandidate(t, siteId)));
  classA = await groupOf(t, siteId, 'class', [a1!, a2!, a3!]);
  classB = await groupOf(t, siteId, 'class', [b1!]);
  classC = await groupOf(t, siteId, 'class', [c1!]);
  const read = (who: FreshMember, taskId: number, progress: number) =>
    ok(t, '/dataset-course/task-progress', { task_id: taskId, progress, seconds: 60 }, who.token);

  const x = await teachingCourse(t, teacher.token, { classIds: [classA, classB], weeks: 2 });
  courseX = x.id;
  const first = await addTask(t, teacher.token, x.chapters[0]!.id, {
    weight: 50,
    due_at: new Date(Date.now() - DAY).toISOString(),
  });
  const second = await addTask(t, teacher.token, x.chapters[1]!.id, {
    weight: 50,
    due_at: new Date(Date.now() + 7 * DAY).toISOString(),
    release: 'after_previous',
  });
  await ok(t, '/dataset-course/online', { id: courseX }, teacher.token);
  await read(a1!, first.id, 1);
  await read(a1!, second.id, 0.5);
  await read(a3!, first.id, 0.3);
  await read(b1!, first.id, 1);

  const y = await teachingCourse(t, teacher.token, { classIds: [classA] });
  courseY = y.id;
  const reading = await addTask(t, teacher.token, y.chapters[0]!.id, { weight: 0 });
  await ok(t, '/dataset-course/online', { id: courseY }, teacher.token);
  await read(a1!, reading.id, 1);

  const other = await freshMember(t, siteId, 'role_teacher');
  const z = await teachingCourse(t, other.token, { classIds: [classA, classC] });
  courseZ = z.id;
  await addTask(t, other.token, z.chapters[0]!.id);
});
afterAll(() => t.close());

const compareClass = (classId: number | undefined, token = teacher.token): Promise<TCourseClassComparison> =>
  ok(t, '/dataset-course/class-comparison', classId === undefined ? {} : { class_id: classId }, token);
const figures = (row: TCourseGroupFigures) => [
  row.student_count,
  row.task_count,
  row.avg_progress,
  row.avg_score,
  row.behind_count,
  row.overdue_count,
];

describe('a class across its courses', () => {
  it("offers the classes of the caller's courses, and compares the chosen class's courses", async () => {
    const choices = await compareClass(undefined);
    expect(choices.classes.map((c) => [c.id, c.student_count]).sort()).toEqual(
      [
        [classA, 3],
        [classB, 1],
      ].sort(),
    );
    expect([choices.class, choices.courses]).toEqual([null, []]);

    const answer = await compareClass(classA);
    expect(answer.class).toMatchObject({ id: classA, student_count: 3 });
    // X: progress 50, 0, 0 (mean 16.7); scores 50, 0, 0 (16.67); a2 and a3 behind, each with the first overdue.
    // Y: progress 100, 0, 0 (33.3); no weights, no score.
    expect(answer.courses.map((course) => [course.id, ...figures(course)])).toEqual([
      [courseY, 3, 1, 33.3, null, 0, 0],
      [courseX, 3, 2, 16.7, 16.67, 2, 2],
    ]);
    const classBAnswer = await compareClass(classB);
    expect(classBAnswer.courses.map((course) => [course.id, ...figures(course)])).toEqual([
      [courseX, 1, 2, 50, 50, 0, 0],
    ]);
  });

  it("agrees with the course's matrix", async () => {
    const matrix = await ok(
      t,
      '/dataset-course/matrix',
      { course_id: courseX, class_id: classA, pageSize: 100 },
      teacher.token,
    );
    const behind = await ok(
      t,
      '/dataset-course/matrix',
      { course_id: courseX, class_id: classA, filter: 'behind', pageSize: 100 },
      teacher.token,
    );
    const row = (await compareClass(classA)).courses.find((course) => course.id === courseX)!;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(row.avg_progress).toBeCloseTo(mean(matrix.list.map((r) => r.progress)), 1);
    expect(row.avg_score).toBeCloseTo(mean(matrix.list.map((r) => r.score ?? 0)), 2);
    expect(row.behind_count).toBe(behind.total);
    expect(row.overdue_count).toBe(matrix.list.reduce((sum, r) => sum + r.overdue_count, 0));
  });

  it('shows a manager every class and every course', async () => {
    const choices = await compareClass(undefined, manager.token);
    expect(choices.classes.map((c) => c.id)).toEqual(expect.arrayContaining([classA, classB, classC]));
    const answer = await compareClass(classA, manager.token);
    expect(answer.courses.map((course) => course.id)).toEqual([courseZ, courseY, courseX]);
    expect(figures(answer.courses[0]!)).toEqual([3, 1, 0, null, 0, 0]);
  });

  it('is refused for a class not among the choices, to another organisation and to students', async () => {
    expect(await refused(t, '/dataset-course/class-comparison', { class_id: classC }, teacher.token)).toBe('not_found');
    const elsewhere = await freshMember(t, otherSiteId, 'role_teacher');
    expect(await refused(t, '/dataset-course/class-comparison', { class_id: classA }, elsewhere.token)).toBe(
      'not_found',
    );
    const student = await freshCandidate(t, siteId);
    expect(await refused(t, '/dataset-course/class-comparison', { class_id: classA }, student.token)).toBe('forbidden');
  });
});

describe("a course's classes side by side", () => {
  it('gives each class its figures, and all of them together', async () => {
    const answer = await ok(t, '/dataset-course/course-class-comparison', { course_id: courseX }, teacher.token);
    expect(answer.course).toMatchObject({ id: courseX, status: 'online' });
    expect(answer.classes.map((c) => [c.id, ...figures(c)]).sort()).toEqual(
      [
        [classA, 3, 2, 16.7, 16.67, 2, 2],
        [classB, 1, 2, 50, 50, 0, 0],
      ].sort(),
    );
    // progress 50, 0, 0, 50: mean 25; the same for the scores.
    expect(figures(answer.all)).toEqual([4, 2, 25, 25, 2, 2]);
  });

  it('is refused to a teacher with no part in the course, to another organisation and to students', async () => {
    const stranger = await freshMember(t, siteId, 'role_teacher');
    expect(await refused(t, '/dataset-course/course-class-comparison', { course_id: courseX }, stranger.token)).toBe(
      'not_found',
    );
    const elsewhere = await freshMember(t, otherSiteId, 'role_teacher');
    expect(await refused(t, '/dataset-course/course-class-comparison', { course_id: courseX }, elsewhere.token)).toBe(
      'not_found',
    );
    const student = await freshCandidate(t, siteId);
    expect(await refused(t, '/dataset-course/course-class-comparison', { course_id: courseX }, student.token)).toBe(
      'forbidden',
    );
  });
});
