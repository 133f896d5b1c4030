import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, LINK, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { blueprintOf, examCategory, examQuestions, insertExam } from '../../testing/exams.ts';
import { createPracticeFixture } from '../../testing/practice.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let owner: FreshMember;
let student: FreshMember;
let classId: number;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  owner = await freshMember(t, siteId, 'role_teacher');
  student = await freshCandidate(t, siteId);
  classId = await groupOf(t, siteId, 'class', [student]);
});
afterAll(() => t.close());

const titles = (chapter: { tasks: { title: string }[] }) => chapter.tasks.map((task) => task.title);

describe('chapters', () => {
  it('are added as numbered weeks dated from the course start, saved, moved and deleted', async () => {
    const course = await teachingCourse(t, owner.token, { classIds: [classId], weeks: 3, starts_on: '2030-02-25' });
    expect(course.chapters.map((c) => [c.seq, c.title, c.starts_on, c.ends_on])).toEqual([
      [1, 'Week 1', '2030-02-25', '2030-03-03'],
      [2, 'Week 2', '2030-03-04', '2030-03-10'],
      [3, 'Week 3', '2030-03-11', '2030-03-17'],
    ]);
    const [w1, w2, w3] = course.chapters.map((c) => c.id);
    const more = await ok(
      t,
      '/dataset-course/chapter-add-weeks',
      { course_id: course.id, count: 1, title_pattern: '第 {n} 周' },
      owner.token,
    );
    expect(more.chapters[3]).toMatchObject({ seq: 4, title: '第 4 周', starts_on: '2030-03-18' });
    const intro = await ok(t, '/dataset-course/chapter-save', { course_id: course.id, title: 'Intro' }, owner.token);
    expect(intro).toMatchObject({ seq: 5, starts_on: null, tasks: [] });
    const badDates = { id: w1, course_id: course.id, title: 'x', starts_on: '2030-03-02', ends_on: '2030-03-01' };
    expect(await refused(t, '/dataset-course/chapter-save', badDates, owner.token)).toBe('course_dates_invalid');
    await ok(t, '/dataset-course/chapter-move', { id: intro.id, to_seq: 1 }, owner.token);
    await ok(t, '/dataset-course/chapter-move', { id: w3, to_seq: 99 }, owner.token);
    const moved = await ok(t, '/dataset-course/detail', { id: course.id }, owner.token);
    expect(moved.chapters.map((c) => [c.seq, c.id])).toEqual([
      [1, intro.id],
      [2, w1],
      [3, w2],
      [4, more.chapters[3]!.id],
      [5, w3],
    ]);
    await addTask(t, owner.token, w2!, { title: 'In week 2' });
    await ok(t, '/dataset-course/chapter-delete', { id: w2 }, owner.token);
    const after = await ok(t, '/dataset-course/detail', { id: course.id }, owner.token);
    expect(after.chapters.map((c) => c.seq)).toEqual([1, 2, 3, 4]);
    expect(after.chapters.some((c) => c.id === w2)).toBe(false);
  });

  it('with student work are deleted only when forced', async () => {
    const course = await teachingCourse(t, owner.token, { classIds: [classId] });
    const chapterId = course.chapters[0]!.id;
    const task = await addTask(t, owner.token, chapterId);
    await ok(t, '/dataset-course/online', { id: course.id }, owner.token);
    await ok(t, '/dataset-course/task-progress', { task_id: task.id, progress: 0.5 }, student.token);
    expect(await refused(t, '/dataset-course/task-delete', { id: task.id }, owner.token)).toBe('course_work_exists');
    expect(await refused(t, '/dataset-course/chapter-delete', { id: chapterId }, owner.token)).toBe(
      'course_work_exists',
    );
    await ok(t, '/dataset-course/chapter-delete', { id: chapterId, force: true }, owner.token);
    expect((await ok(t, '/dataset-course/detail', { id: course.id }, owner.token)).chapters).toEqual([]);
  });
});

describe('tasks', () => {
  it('point at a practice set, a fixed or a random exam, or hold a link or sanitised text', async () => {
    const course = await teachingCourse(t, owner.token, { classIds: [classId] });
    const chapterId = course.chapters[0]!.id;
    const { setId } = await createPracticeFixture(t, siteId);
    const fixedExam = await insertExam(t, siteId, {
      questionIds: await examQuestions(t, siteId, await examCategory(t, siteId), 1),
    });
    const randomExam = await insertExam(t, siteId, { paperMode: 'random', blueprint: blueprintOf({ total: 1 }) });
    const practice = await addTask(t, owner.token, chapterId, { kind: 'practice', practice_set_id: setId, weight: 30 });
    expect(practice).toMatchObject({ kind: 'practice', practice_set_id: setId, weight: 30, material: null });
    expect(practice.practice_set_name).toMatch(/^fixture set/);
    await addTask(t, owner.token, chapterId, { kind: 'exam', exam_id: fixedExam, material: null });
    await addTask(t, owner.token, chapterId, { kind: 'random_exam', exam_id: randomExam });
    const homework = await insertExam(t, siteId, {
      kind: 'homework',
      questionIds: await examQuestions(t, siteId, await examCategory(t, siteId), 1),
      dueAt: new Date(Date.now() + 3600_000),
    });
    await addTask(t, owner.token, chapterId, { kind: 'homework', exam_id: homework });
    const text = await addTask(t, owner.token, chapterId, {
      material: { type: 'text', html: '<p onclick="x()">Read <script>alert(1)</script><b>this</b></p>' },
    });
    expect(text.material).toEqual({ type: 'text', html: '<p>Read <b>this</b></p>' });

    const wrong = [
      { kind: 'practice' },
      { kind: 'exam', exam_id: randomExam },
      { kind: 'random_exam', exam_id: fixedExam },
      { kind: 'homework', exam_id: fixedExam },
      { kind: 'exam', exam_id: homework },
      { kind: 'material', material: null },
      { kind: 'material', material: { type: 'text', html: '<script>only</script>' } },
      { kind: 'interact' },
      { kind: 'live' },
    ];
    for (const over of wrong) {
      const body = { chapter_id: chapterId, title: 'x', material: LINK, ...over };
      expect(await refused(t, '/dataset-course/task-save', body, owner.token), JSON.stringify(over)).toBe(
        'course_task_source_wrong',
      );
    }
    const times = { open_at: '2030-01-02T00:00:00Z', due_at: '2030-01-01T00:00:00Z' };
    expect(
      await refused(
        t,
        '/dataset-course/task-save',
        { chapter_id: chapterId, title: 'x', kind: 'material', material: LINK, ...times },
        owner.token,
      ),
    ).toBe('course_task_time_invalid');
    const otherSite = await siteIdByName(t, '星河数据');
    const foreign = await createPracticeFixture(t, otherSite);
    expect(
      await refused(
        t,
        '/dataset-course/task-save',
        { chapter_id: chapterId, title: 'x', kind: 'practice', practice_set_id: foreign.setId },
        owner.token,
      ),
    ).toBe('not_found');
  });

  it('are ordered within a chapter and moved within and across chapters', async () => {
    const course = await teachingCourse(t, owner.token, { classIds: [classId], weeks: 2 });
    const [one, two] = course.chapters.map((c) => c.id);
    const a = await addTask(t, owner.token, one!, { title: 'a' });
    const b = await addTask(t, owner.token, one!, { title: 'b' });
    const c = await addTask(t, owner.token, one!, { title: 'c' });
    await ok(t, '/dataset-course/task-move', { id: c.id, chapter_id: one, to_seq: 1 }, owner.token);
    await ok(t, '/dataset-course/task-move', { id: a.id, chapter_id: two, to_seq: 1 }, owner.token);
    await ok(t, '/dataset-course/task-save', { ...b, id: b.id, chapter_id: two, title: 'b2' }, owner.token);
    const detail = await ok(t, '/dataset-course/detail', { id: course.id }, owner.token);
    expect(detail.chapters.map(titles)).toEqual([['c'], ['a', 'b2']]);
    expect(detail.chapters.flatMap((ch) => ch.tasks.map((task) => task.seq))).toEqual([1, 1, 2]);
    await ok(t, '/dataset-course/task-delete', { id: a.id }, owner.token);
    const left = await ok(t, '/dataset-course/detail', { id: course.id }, owner.token);
    expect(left.chapters[1]!.tasks.map((task) => [task.title, task.seq])).toEqual([['b2', 1]]);
    const otherCourse = await teachingCourse(t, owner.token, { classIds: [classId] });
    const across = { id: c.id, chapter_id: otherCourse.chapters[0]!.id, to_seq: 1 };
    expect(await refused(t, '/dataset-course/task-move', across, owner.token)).toBe('not_found');
  });
});

describe('co-teachers', () => {
  it('who may only view are refused edits; editors change content but not the course itself', async () => {
    const viewer = await freshMember(t, siteId, 'role_teacher');
    const editor = await freshMember(t, siteId, 'role_teacher');
    const stranger = await freshMember(t, siteId, 'role_teacher');
    const course = await teachingCourse(t, owner.token, { classIds: [classId] });
    const chapterId = course.chapters[0]!.id;
    const task = await addTask(t, owner.token, chapterId);
    const team = await ok(
      t,
      '/dataset-course/teachers-set',
      { id: course.id, user_ids: [viewer.id, owner.id], editor_ids: [editor.id] },
      owner.token,
    );
    expect(team.teachers.map((x) => [x.user_id, x.can_edit])).toEqual([
      [viewer.id, false],
      [editor.id, true],
    ]);
    expect((await ok(t, '/dataset-course/detail', { id: course.id }, viewer.token)).my_role).toBe('viewer');
    const edits: [Parameters<typeof refused>[1], Record<string, unknown>][] = [
      ['/dataset-course/task-save', { ...task, id: task.id, title: 'changed' }],
      ['/dataset-course/task-delete', { id: task.id }],
      ['/dataset-course/task-move', { id: task.id, chapter_id: chapterId, to_seq: 1 }],
      ['/dataset-course/chapter-save', { id: chapterId, course_id: course.id, title: 'x' }],
      ['/dataset-course/chapter-add-weeks', { course_id: course.id, count: 1, title_pattern: 'W{n}' }],
      ['/dataset-course/chapter-move', { id: chapterId, to_seq: 1 }],
      ['/dataset-course/chapter-delete', { id: chapterId }],
    ];
    for (const [path, body] of edits)
      expect(await refused(t, path, body, viewer.token), path).toBe('course_edit_denied');
    for (const [path, body] of edits) expect(await refused(t, path, body, stranger.token), path).toBe('not_found');
    await ok(t, '/dataset-course/task-save', { ...task, id: task.id, title: 'by the editor' }, editor.token);
    await ok(
      t,
      '/dataset-course/chapter-add-weeks',
      { course_id: course.id, count: 1, title_pattern: 'W{n}' },
      editor.token,
    );
    const owned: [Parameters<typeof refused>[1], Record<string, unknown>][] = [
      ['/dataset-course/update', { id: course.id, name: 'x' }],
      ['/dataset-course/online', { id: course.id }],
      ['/dataset-course/archive', { id: course.id }],
      ['/dataset-course/delete', { id: course.id }],
      ['/dataset-course/classes-set', { id: course.id, group_ids: [classId] }],
      ['/dataset-course/teachers-set', { id: course.id, user_ids: [] }],
    ];
    for (const [path, body] of owned)
      expect(await refused(t, path, body, editor.token), path).toBe('course_owner_only');
    const copy = await ok(t, '/dataset-course/copy', { id: course.id }, viewer.token);
    expect(copy.owner_id).toBe(viewer.id);
    const student2 = await freshCandidate(t, siteId);
    expect(
      await refused(t, '/dataset-course/teachers-set', { id: course.id, user_ids: [student2.id] }, owner.token),
    ).toBe('course_teacher_invalid');
  });
});
