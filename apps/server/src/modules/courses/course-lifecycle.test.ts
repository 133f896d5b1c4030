import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, LINK, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let teacher: FreshMember;
let manager: string;
let classId: number;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  teacher = await freshMember(t, siteId, 'role_teacher');
  manager = await sessionFor(t, 'manager');
  classId = await groupOf(t, siteId, 'class', [await freshCandidate(t, siteId)]);
});
afterAll(() => t.close());

describe('course categories', () => {
  it('form a tree; a category cannot move below itself, nor go while it has children or courses', async () => {
    const root = await ok(t, '/course-category/create', { name: 'Engineering', sort: 2 }, teacher.token);
    const child = await ok(t, '/course-category/create', { name: 'Software', parent_id: root.id }, teacher.token);
    const tree = await ok(t, '/course-category/tree', {}, teacher.token);
    const found = tree.list.find((node) => node.id === root.id)!;
    expect(found.children.map((node) => node.name)).toEqual(['Software']);
    expect(await refused(t, '/course-category/update', { id: root.id, parent_id: child.id, name: 'x' }, manager)).toBe(
      'category_parent_wrong',
    );
    expect(await refused(t, '/course-category/delete', { id: root.id }, manager)).toBe('course_category_not_empty');
    const course = await ok(t, '/dataset-course/create', { name: 'Filed', category_id: child.id }, teacher.token);
    expect(await refused(t, '/course-category/delete', { id: child.id }, manager)).toBe('course_category_not_empty');
    const inRoot = await ok(t, '/dataset-course/list', { category_id: root.id, pageSize: 100 }, teacher.token);
    expect(inRoot.list.map((row) => row.id)).toEqual([course.id]);
    await ok(t, '/dataset-course/update', { id: course.id, name: 'Filed', category_id: null }, teacher.token);
    await ok(t, '/course-category/delete', { id: child.id }, manager);
  });
});

describe('a course', () => {
  it('is created as a draft owned by the caller, with dates in order and no chapter', async () => {
    const course = await ok(
      t,
      '/dataset-course/create',
      { name: 'Databases', starts_on: '2030-03-04', ends_on: '2030-06-30', cover: 'https://example.com/c.png' },
      teacher.token,
    );
    expect(course).toMatchObject({ status: 'draft', owner_id: teacher.id, my_role: 'owner', chapters: [] });
    const backwards = { name: 'x', starts_on: '2030-03-04', ends_on: '2030-03-01' };
    expect(await refused(t, '/dataset-course/create', backwards, teacher.token)).toBe('course_dates_invalid');
    expect(await refused(t, '/dataset-course/create', { name: 'x'.repeat(65) }, teacher.token)).toBe('invalid_input');
    expect(await refused(t, '/dataset-course/create', { name: 'x', cover: 'javascript:1' }, teacher.token)).toBe(
      'invalid_input',
    );
  });

  it('goes online only with a class and a task, offline and back, and archived for good', async () => {
    const course = await ok(t, '/dataset-course/create', { name: 'Networks' }, teacher.token);
    expect(await refused(t, '/dataset-course/online', { id: course.id }, teacher.token)).toBe('course_no_classes');
    await ok(t, '/dataset-course/classes-set', { id: course.id, group_ids: [classId] }, teacher.token);
    expect(await refused(t, '/dataset-course/online', { id: course.id }, teacher.token)).toBe('course_no_tasks');
    const weeks = await ok(
      t,
      '/dataset-course/chapter-add-weeks',
      { course_id: course.id, count: 1, title_pattern: 'Week {n}' },
      teacher.token,
    );
    await addTask(t, teacher.token, weeks.chapters[0]!.id);
    expect((await ok(t, '/dataset-course/online', { id: course.id }, teacher.token)).status).toBe('online');
    expect(await refused(t, '/dataset-course/classes-set', { id: course.id, group_ids: [] }, teacher.token)).toBe(
      'course_no_classes',
    );
    expect((await ok(t, '/dataset-course/offline', { id: course.id }, teacher.token)).status).toBe('offline');
    expect((await ok(t, '/dataset-course/offline', { id: course.id }, teacher.token)).status).toBe('offline');
    expect((await ok(t, '/dataset-course/online', { id: course.id }, teacher.token)).status).toBe('online');
    expect((await ok(t, '/dataset-course/archive', { id: course.id }, teacher.token)).status).toBe('archived');
    expect(await refused(t, '/dataset-course/online', { id: course.id }, teacher.token)).toBe('course_status_invalid');
    expect(await refused(t, '/dataset-course/offline', { id: course.id }, teacher.token)).toBe('course_status_invalid');
    expect(await refused(t, '/dataset-course/update', { id: course.id, name: 'y' }, teacher.token)).toBe(
      'course_archived',
    );
    expect(await refused(t, '/dataset-course/task-save', { chapter_id: weeks.chapters[0]!.id }, teacher.token)).toBe(
      'invalid_input',
    );
    const editArchived = { chapter_id: weeks.chapters[0]!.id, kind: 'material', title: 'x', material: LINK };
    expect(await refused(t, '/dataset-course/task-save', editArchived, teacher.token)).toBe('course_archived');
    const actions = await t.deps.db
      .select({ action: schema.auditLogs.action })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.targetType, 'course'), eq(schema.auditLogs.targetId, String(course.id))));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['course_create', 'course_online', 'course_offline', 'course_archive']),
    );
  });

  it('is deleted only as a draft, or archived without student work', async () => {
    const draft = await ok(t, '/dataset-course/create', { name: 'Short-lived' }, teacher.token);
    await ok(t, '/dataset-course/delete', { id: draft.id }, teacher.token);
    expect(await refused(t, '/dataset-course/detail', { id: draft.id }, teacher.token)).toBe('not_found');

    const student = await freshCandidate(t, siteId);
    const course = await teachingCourse(t, teacher.token, { classIds: [await groupOf(t, siteId, 'class', [student])] });
    const task = await addTask(t, teacher.token, course.chapters[0]!.id);
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    expect(await refused(t, '/dataset-course/delete', { id: course.id }, teacher.token)).toBe('course_not_deletable');
    await ok(t, '/dataset-course/task-progress', { task_id: task.id, progress: 0.2 }, student.token);
    await ok(t, '/dataset-course/archive', { id: course.id }, teacher.token);
    expect(await refused(t, '/dataset-course/delete', { id: course.id }, teacher.token)).toBe('course_not_deletable');

    const unused = await teachingCourse(t, teacher.token, { classIds: [classId] });
    await addTask(t, teacher.token, unused.chapters[0]!.id);
    await ok(t, '/dataset-course/archive', { id: unused.id }, manager);
    await ok(t, '/dataset-course/delete', { id: unused.id }, manager);
  });

  it("is copied as a draft with its chapters, tasks and team, without classes or students' work", async () => {
    const coTeacher = await freshMember(t, siteId, 'role_teacher');
    const course = await teachingCourse(t, teacher.token, {
      classIds: [classId],
      weeks: 2,
      starts_on: '2030-09-02',
      name: `${'长'.repeat(62)}课`,
    });
    await addTask(t, teacher.token, course.chapters[1]!.id, { weight: 40, title: 'Second week reading' });
    await ok(t, '/dataset-course/teachers-set', { id: course.id, user_ids: [coTeacher.id] }, teacher.token);
    const copy = await ok(t, '/dataset-course/copy', { id: course.id }, coTeacher.token);
    expect(copy).toMatchObject({ status: 'draft', owner_id: coTeacher.id, copied_from_id: course.id, classes: [] });
    expect(copy.name).toBe(`${'长'.repeat(60)}（副本）`);
    expect(copy.teachers).toEqual([{ user_id: teacher.id, nickname: teacher.username, can_edit: true }]);
    expect(copy.chapters.map((c) => [c.seq, c.title, c.starts_on, c.ends_on])).toEqual([
      [1, 'Week 1', '2030-09-02', '2030-09-08'],
      [2, 'Week 2', '2030-09-09', '2030-09-15'],
    ]);
    expect(copy.chapters[1]!.tasks).toMatchObject([{ title: 'Second week reading', weight: 40, seq: 1 }]);
    expect(copy.chapters[1]!.tasks[0]!.id).not.toBe(course.chapters[1]?.tasks[0]?.id);
  });
});

describe('who manages courses', () => {
  it('teachers list their own and co-taught courses, managers every course; a manager transfers one', async () => {
    const other = await freshMember(t, siteId, 'role_teacher');
    const mine = await ok(t, '/dataset-course/create', { name: 'Mine' }, teacher.token);
    const theirs = await ok(t, '/dataset-course/create', { name: 'Theirs' }, other.token);
    const listed = await ok(t, '/dataset-course/list', { pageSize: 100 }, teacher.token);
    expect(listed.list.some((row) => row.id === theirs.id)).toBe(false);
    expect(await refused(t, '/dataset-course/detail', { id: theirs.id }, teacher.token)).toBe('not_found');
    const all = await ok(t, '/dataset-course/list', { pageSize: 100 }, manager);
    expect(all.list.filter((row) => [mine.id, theirs.id].includes(row.id)).map((row) => row.my_role)).toEqual([
      'manager',
      'manager',
    ]);

    const moved = await ok(t, '/dataset-course/transfer', { id: theirs.id, owner_id: teacher.id }, manager);
    expect(moved).toMatchObject({ owner_id: teacher.id });
    expect(moved.teachers).toEqual([{ user_id: other.id, nickname: other.username, can_edit: true }]);
    expect((await ok(t, '/dataset-course/detail', { id: theirs.id }, teacher.token)).my_role).toBe('owner');
    expect((await ok(t, '/dataset-course/detail', { id: theirs.id }, other.token)).my_role).toBe('editor');
    expect(await refused(t, '/dataset-course/transfer', { id: mine.id, owner_id: other.id }, teacher.token)).toBe(
      'forbidden',
    );
    const student = await freshCandidate(t, siteId);
    expect(await refused(t, '/dataset-course/transfer', { id: mine.id, owner_id: student.id }, manager)).toBe(
      'course_teacher_invalid',
    );
  });
});
