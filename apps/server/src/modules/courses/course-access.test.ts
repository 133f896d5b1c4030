import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../../platform/session.ts';
import { computeUserStat } from '../../platform/user-stat.ts';
import { type FreshMember, freshMember, groupOf, joinGroup } from '../../testing/audiences.ts';
import { addTask, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { demoSiteIds, sessionFor } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let teacher: FreshMember;
let inClass: FreshMember;
let otherClass: FreshMember;
let noClass: FreshMember;
let otherOrg: FreshMember;
let courseId: number;
let chapterId: number;
let taskIds: number[];

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
  teacher = await freshMember(t, siteId, 'role_teacher');
  inClass = await freshCandidate(t, siteId);
  otherClass = await freshCandidate(t, siteId);
  noClass = await freshCandidate(t, siteId);
  otherOrg = await freshCandidate(t, otherSiteId);
  await groupOf(t, siteId, 'class', [otherClass]);
  await groupOf(t, otherSiteId, 'class', [otherOrg]);
  const course = await teachingCourse(t, teacher.token, {
    classIds: [await groupOf(t, siteId, 'class', [inClass])],
    name: 'Access course',
  });
  courseId = course.id;
  chapterId = course.chapters[0]!.id;
  const tasks = [
    { title: 'overdue', due_at: at(-2 * HOUR) },
    { title: 'due tomorrow', due_at: at(24 * HOUR) },
    { title: 'due next month', due_at: at(30 * 24 * HOUR) },
    { title: 'no due time' },
    { title: 'read already', due_at: at(2 * HOUR) },
    { title: 'not open yet', open_at: at(HOUR), due_at: at(3 * HOUR) },
  ];
  taskIds = [];
  for (const over of tasks) taskIds.push((await addTask(t, teacher.token, chapterId, over)).id);
  await ok(t, '/dataset-course/online', { id: courseId }, teacher.token);
  await ok(t, '/dataset-course/task-progress', { task_id: taskIds[4], progress: 1 }, inClass.token);
});
afterAll(() => t.close());

describe('a student of the course', () => {
  it('sees it in my courses and opens its home', async () => {
    const mine = await ok(t, '/dataset-course/my-list', {}, inClass.token);
    expect(mine.list.map((row) => [row.id, row.name, row.done_count, row.task_count])).toEqual([
      [courseId, 'Access course', 1, 6],
    ]);
    expect((await ok(t, '/dataset-course/home', { id: courseId }, inClass.token)).course.id).toBe(courseId);
  });

  it('finds the due and overdue tasks in the to-do panel and the heartbeat', async () => {
    const todo = await ok(t, '/dataset-examine/doing-wait-exam-list', {}, inClass.token);
    expect(todo.course_task_list.map((item) => [item.title, item.state])).toEqual([
      ['overdue', 'overdue'],
      ['due tomorrow', 'not_started'],
    ]);
    expect(todo.course_task_list[0]).toMatchObject({
      course: { id: courseId, name: 'Access course' },
      chapter_title: 'Week 1',
      kind: 'material',
    });
    expect(todo).toMatchObject({ interact_task_list: [], examine_list: expect.any(Array), train_list: [] });
    const stat = await computeUserStat(t.deps, (await resolveSession(t.deps, inClass.token))!);
    expect(stat.course_task_count).toBe(2);
  });
});

describe('everybody else', () => {
  it('a student of another class, of no class or of another organisation is refused everything', async () => {
    for (const student of [otherClass, noClass, otherOrg]) {
      expect((await ok(t, '/dataset-course/my-list', {}, student.token)).list).toEqual([]);
      expect((await ok(t, '/dataset-course/my-list', { tab: 'finished' }, student.token)).list).toEqual([]);
      expect(await refused(t, '/dataset-course/home', { id: courseId }, student.token)).toBe('not_found');
      for (const taskId of taskIds) {
        const report = { task_id: taskId, progress: 1, seconds: 10 };
        expect(await refused(t, '/dataset-course/task-progress', report, student.token)).toBe('not_found');
      }
      const todo = await ok(t, '/dataset-examine/doing-wait-exam-list', {}, student.token);
      expect(todo.course_task_list).toEqual([]);
      const stat = await computeUserStat(t.deps, (await resolveSession(t.deps, student.token))!);
      expect(stat.course_task_count).toBe(0);
      const teacherSide: [Parameters<typeof refused>[1], Record<string, unknown>][] = [
        ['/dataset-course/list', {}],
        ['/dataset-course/detail', { id: courseId }],
        ['/dataset-course/copy', { id: courseId }],
        ['/dataset-course/offline', { id: courseId }],
        ['/dataset-course/task-delete', { id: taskIds[0] }],
        ['/course-category/tree', {}],
      ];
      for (const [path, body] of teacherSide)
        expect(await refused(t, path, body, student.token), path).toBe('forbidden');
    }
  });

  it("another organisation's manager and teachers of the organisation without a part find nothing", async () => {
    const otherManager = await sessionFor(t, 'manager2');
    const stranger = await freshMember(t, siteId, 'role_teacher');
    for (const token of [otherManager, stranger.token]) {
      expect((await ok(t, '/dataset-course/list', { pageSize: 100 }, token)).list.some((r) => r.id === courseId)).toBe(
        false,
      );
      for (const path of ['/dataset-course/detail', '/dataset-course/copy', '/dataset-course/archive'] as const) {
        expect(await refused(t, path, { id: courseId }, token), path).toBe('not_found');
      }
      const save = {
        chapter_id: chapterId,
        kind: 'material',
        title: 'x',
        material: { type: 'link', url: 'https://a.b/c' },
      };
      expect(await refused(t, '/dataset-course/task-save', save, token)).toBe('not_found');
    }
    expect(await refused(t, '/dataset-course/transfer', { id: courseId, owner_id: teacher.id }, otherManager)).toBe(
      'not_found',
    );
  });

  it('a student who joins the class later sees the course; the owner taking it offline hides it again', async () => {
    const late = await freshCandidate(t, siteId);
    expect(await refused(t, '/dataset-course/home', { id: courseId }, late.token)).toBe('not_found');
    const detail = await ok(t, '/dataset-course/detail', { id: courseId }, teacher.token);
    await joinGroup(t, detail.classes[0]!.id, 'class', late);
    expect((await ok(t, '/dataset-course/home', { id: courseId }, late.token)).task_count).toBe(6);
    await ok(t, '/dataset-course/offline', { id: courseId }, teacher.token);
    expect(await refused(t, '/dataset-course/home', { id: courseId }, late.token)).toBe('not_found');
    expect((await ok(t, '/dataset-examine/doing-wait-exam-list', {}, late.token)).course_task_list).toEqual([]);
    await ok(t, '/dataset-course/online', { id: courseId }, teacher.token);
  });
});
