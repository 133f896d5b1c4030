import type { TCourseMatrix, TCourseRanking } from '@app/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, homeOf, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let teacher: FreshMember;
let students: Record<'a1' | 'a2' | 'a3' | 'b1', FreshMember>;
let classA: number;
let classB: number;
let courseId: number;
let taskIds: number[];

/**
 * A course of two material tasks of weight 50 (the first due yesterday, the second due next week and released after
 * the first) taught to class A (a1, a2, a3) and class B (b1). a1 read the first and half the second; a2 did nothing;
 * a3 read a third of the first; b1 read the first.
 */
beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  teacher = await freshMember(t, siteId, 'role_teacher');
  const [a1, a2, a3, b1] = await Promise.all([1, 2, 3, 4].map(() => freshCandidate(t, siteId)));
  students = { a1: a1!, a2: a2!, a3: a3!, b1: b1! };
  classA = await groupOf(t, siteId, 'class', [a1!, a2!, a3!]);
  classB = await groupOf(t, siteId, 'class', [b1!]);
  const course = await teachingCourse(t, teacher.token, { classIds: [classA, classB], weeks: 2 });
  courseId = course.id;
  const day = 86_400_000;
  const first = await addTask(t, teacher.token, course.chapters[0]!.id, {
    title: 'Read the guide',
    weight: 50,
    due_at: new Date(Date.now() - day).toISOString(),
  });
  const second = await addTask(t, teacher.token, course.chapters[1]!.id, {
    title: 'Read the rules',
    weight: 50,
    due_at: new Date(Date.now() + 7 * day).toISOString(),
    release: 'after_previous',
  });
  taskIds = [first.id, second.id];
  await ok(t, '/dataset-course/online', { id: courseId }, teacher.token);
  const read = (who: FreshMember, taskId: number, progress: number) =>
    ok(t, '/dataset-course/task-progress', { task_id: taskId, progress, seconds: 60 }, who.token);
  await read(a1!, first.id, 1);
  await read(a1!, second.id, 0.5);
  await read(a3!, first.id, 0.3);
  await read(b1!, first.id, 1);
});
afterAll(() => t.close());

const matrix = (body: Record<string, unknown>, token = teacher.token): Promise<TCourseMatrix> =>
  ok(t, '/dataset-course/matrix', { course_id: courseId, pageSize: 100, ...body }, token);
const nameOf = (matrixRows: readonly { user_id: number }[]) =>
  matrixRows.map((row) => Object.entries(students).find(([, s]) => s.id === row.user_id)![0]).sort();

describe('the class × task matrix', () => {
  it("shows every student's cells as the student sees them, with tasks done, overdue, progress and score", async () => {
    const answer = await matrix({});
    expect(answer.tasks.map((task) => [task.id, task.chapter_seq, task.title])).toEqual([
      [taskIds[0], 1, 'Read the guide'],
      [taskIds[1], 2, 'Read the rules'],
    ]);
    expect(answer.classes.map((c) => [c.id, c.student_count]).sort()).toEqual(
      [
        [classA, 3],
        [classB, 1],
      ].sort(),
    );
    expect(answer.total).toBe(4);
    const row = (who: keyof typeof students) => answer.list.find((r) => r.user_id === students[who].id)!;
    expect(row('a1')).toMatchObject({
      class_id: classA,
      done_count: 1,
      overdue_count: 0,
      progress: 50,
      score: 50,
      seconds_spent: 120,
      cells: [
        { state: 'done', score: 100 },
        { state: 'in_progress', score: null },
      ],
    });
    expect(row('a2')).toMatchObject({ done_count: 0, overdue_count: 1, progress: 0, score: 0 });
    expect(row('a2').cells.map((cell) => cell.state)).toEqual(['overdue', 'locked']);
    expect(row('a3').cells.map((cell) => cell.state)).toEqual(['overdue', 'locked']);
    expect(row('b1')).toMatchObject({ class_id: classB, done_count: 1, score: 50 });
    expect(row('b1').cells.map((cell) => cell.state)).toEqual(['done', 'not_started']);
    for (const who of Object.keys(students) as (keyof typeof students)[]) {
      const home = await homeOf(t, students[who].token, courseId);
      const seen = home.chapters.flatMap((c) => c.tasks.map((task) => ({ state: task.state, score: task.score })));
      expect(row(who).cells, who).toEqual(seen);
      expect(row(who).score, who).toBe(home.score);
    }
  });

  it('filters by class, keyword, who is behind, overdue or has not started, and pages', async () => {
    expect(nameOf((await matrix({ class_id: classB })).list)).toEqual(['b1']);
    expect(nameOf((await matrix({ keyword: students.a3.username })).list)).toEqual(['a3']);
    expect(nameOf((await matrix({ filter: 'behind' })).list)).toEqual(['a2', 'a3']);
    expect(nameOf((await matrix({ filter: 'overdue' })).list)).toEqual(['a2', 'a3']);
    expect(nameOf((await matrix({ filter: 'not_started' })).list)).toEqual(['a2']);
    const pages = [await matrix({ pageSize: 10, page: 1 }), await matrix({ pageSize: 10, page: 2 })];
    expect(pages.map((page) => [page.list.length, page.total])).toEqual([
      [4, 4],
      [0, 4],
    ]);
    const behindPage2 = await matrix({ filter: 'behind', pageSize: 10, page: 2 });
    expect([behindPage2.list.length, behindPage2.total]).toEqual([0, 2]);
  });

  it('exports the selection as xlsx: one row per student, a column per task with its score or its state', async () => {
    const file = await ok(t, '/dataset-course/matrix-export', { course_id: courseId, class_id: classA }, teacher.token);
    expect(file.file_name).toMatch(/^course-\d+-progress-\d{4}-\d\d-\d\d\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.content_base64, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '用户名',
      '姓名',
      '班级',
      '完成任务',
      '进度（%）',
      '课程成绩',
      '学习时长（分钟）',
      '第 1 章 · 1 Read the guide',
      '第 2 章 · 1 Read the rules',
    ]);
    const rows = new Map(
      [2, 3, 4].map((n) => {
        const values = sheet.getRow(n).values as unknown[];
        return [values[1], values.slice(4)];
      }),
    );
    expect(rows.get(students.a1.username)).toEqual(['1/2', 50, 50, 2, 100, '进行中']);
    expect(rows.get(students.a2.username)).toEqual(['0/2', 0, 0, 0, '已逾期', '未解锁']);
  });

  it('is refused to a teacher with no part in the course, for a class not of the course, and to students', async () => {
    const stranger = await freshMember(t, siteId, 'role_teacher');
    expect(await refused(t, '/dataset-course/matrix', { course_id: courseId }, stranger.token)).toBe('not_found');
    expect(await refused(t, '/dataset-course/matrix-export', { course_id: courseId }, stranger.token)).toBe(
      'not_found',
    );
    const otherClass = await groupOf(t, siteId, 'class', []);
    expect(
      await refused(t, '/dataset-course/matrix', { course_id: courseId, class_id: otherClass }, teacher.token),
    ).toBe('not_found');
    expect(await refused(t, '/dataset-course/matrix', { course_id: courseId }, students.a1.token)).toBe('forbidden');
  });
});

describe("the students' ranking (/teacher/course/analysisStudents)", () => {
  const ranking = (body: Record<string, unknown>, token = teacher.token): Promise<TCourseRanking> =>
    ok(t, '/dataset-course/ranking', { course_id: courseId, pageSize: 100, ...body }, token);

  it('ranks by course score (ties share a rank) with the averages and the bands of the whole selection', async () => {
    const answer = await ranking({});
    const rank = (who: keyof typeof students) => answer.list.find((r) => r.user_id === students[who].id)!;
    expect([rank('a1').rank, rank('b1').rank, rank('a2').rank, rank('a3').rank]).toEqual([1, 1, 3, 3]);
    expect(rank('a2')).toMatchObject({ score: 0, progress: 0, behind: true, overdue_count: 1 });
    expect(nameOf(answer.list.slice(0, 2))).toEqual(['a1', 'b1']);
    expect(answer.summary).toEqual({
      student_count: 4,
      scored_count: 4,
      average_score: 25,
      median_score: 25,
      pass_count: 0,
      average_progress: 25,
      behind_count: 2,
      not_started_count: 1,
    });
    expect(answer.score_bands.map((band) => band.count)).toEqual([4, 0, 0, 0, 0]);
    expect(answer.progress_bands.map((band) => [band.from, band.count])).toEqual([
      [0, 2],
      [25, 0],
      [50, 2],
      [75, 0],
      [100, 0],
    ]);
  });

  it('sorts by progress upwards, pages, keeps to one class, and is refused to a teacher with no part', async () => {
    const upwards = await ranking({ sort: 'progress', order: 'asc', pageSize: 10 });
    expect(nameOf(upwards.list.slice(0, 2))).toEqual(['a2', 'a3']);
    const second = await ranking({ sort: 'progress', order: 'asc', pageSize: 10, page: 2 });
    expect([second.list.length, second.total]).toEqual([0, 4]);
    const classOnly = await ranking({ class_id: classB });
    expect(classOnly.list.map((row) => [row.user_id, row.rank])).toEqual([[students.b1.id, 1]]);
    expect(classOnly.summary.student_count).toBe(1);
    const stranger = await freshMember(t, siteId, 'role_teacher');
    expect(await refused(t, '/dataset-course/ranking', { course_id: courseId }, stranger.token)).toBe('not_found');
  });
});
