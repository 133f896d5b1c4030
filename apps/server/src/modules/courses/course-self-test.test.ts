import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, homeOf, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { freshCandidate } from '../../testing/exam-taking.ts';
import { examCategory, examQuestions } from '../../testing/exams.ts';
import { insertId } from '../../testing/fixture-rows.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
let teacher: FreshMember;
let student: FreshMember;
let otherClass: FreshMember;
let otherOrg: FreshMember;
let courseId: number;
let chapterId: number;
let taskId: number;
/** single (A right), multiple (A and B right), judge (对 right), blank (cat, dog). */
let single: number;
let multiple: number;
let judge: number;
let blank: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
  teacher = await freshMember(t, siteId, 'role_teacher');
  student = await freshCandidate(t, siteId);
  otherClass = await freshCandidate(t, siteId);
  otherOrg = await freshCandidate(t, otherSiteId);
  await groupOf(t, siteId, 'class', [otherClass]);
  await groupOf(t, otherSiteId, 'class', [otherOrg]);
  const categoryId = await examCategory(t, siteId);
  single = (await examQuestions(t, siteId, categoryId, 1))[0]!;
  multiple = (await examQuestions(t, siteId, categoryId, 1, { type: 'multiple' }))[0]!;
  judge = (await examQuestions(t, siteId, categoryId, 1, { type: 'judge' }))[0]!;
  blank = await insertId(t, schema.questions, {
    siteId,
    categoryId,
    type: 'blank',
    difficulty: 'easy',
    stem: '<p>A ___ and a ___</p>',
    stemText: 'A ___ and a ___',
    options: [],
    spec: { blanks: [{ accepted: ['cat'] }, { accepted: ['dog'] }] },
    analysis: 'Pets.',
    reviewStatus: 'passed',
  });
  const course = await teachingCourse(t, teacher.token, { classIds: [await groupOf(t, siteId, 'class', [student])] });
  courseId = course.id;
  chapterId = course.chapters[0]!.id;
  const task = await addTask(t, teacher.token, chapterId, {
    weight: 100,
    self_test_question_ids: [single, multiple, judge, blank, single],
  });
  taskId = task.id;
  expect(task.self_test_question_ids).toEqual([single, multiple, judge, blank]);
  await ok(t, '/dataset-course/online', { id: courseId }, teacher.token);
});
afterAll(() => t.close());

const submit = (answers: Record<string, unknown>[], token = student.token) =>
  ok(t, '/dataset-course/self-test-submit', { task_id: taskId, answers }, token);

describe('the material self-test', () => {
  it('shows the questions without their keys, each a quarter of 100', async () => {
    const test = await ok(t, '/dataset-course/self-test', { task_id: taskId }, student.token);
    expect(test).toMatchObject({ question_count: 4, attempts: 0, best_score: null, last_score: null });
    expect(test.task).toMatchObject({ id: taskId, course_id: courseId });
    expect(test.questions.map((q) => [q.id, q.points])).toEqual([
      [single, 25],
      [multiple, 25],
      [judge, 25],
      [blank, 25],
    ]);
    expect(JSON.stringify(test.questions)).not.toMatch(/correct|accepted|Pets/);
    expect(test.questions[3]!.layout?.blank_count).toBe(2);
  });

  it('grades right, partly and wrong, keeps the best and the last score, and leaves the course score alone', async () => {
    // single right (1), multiple A only (1/2), judge wrong (0), blank cat + bird (1/2): (1 + .5 + 0 + .5) / 4 = 50.
    const first = await submit([
      { question_id: single, chosen: [0] },
      { question_id: multiple, chosen: [0] },
      { question_id: judge, chosen: [1] },
      { question_id: blank, response: { texts: ['cat', 'bird'] } },
    ]);
    expect(first).toMatchObject({ score: 50, right_count: 1, attempts: 1, best_score: 50, last_score: 50 });
    expect(first.questions.map((q) => q.verdict)).toEqual(['right', 'partly', 'wrong', 'partly']);
    expect(first.questions[1]).toMatchObject({ correct_options: [0, 1], share: 0.5 });
    expect(first.questions[3]).toMatchObject({ analysis: 'Pets.', correct_options: null });
    expect(first.questions[3]!.spec?.blanks?.[1]?.accepted).toEqual(['dog']);

    // Only the single one answered (right): 25; the others are wrong, unanswered.
    const second = await submit([{ question_id: single, chosen: [0] }]);
    expect(second).toMatchObject({ score: 25, attempts: 2, best_score: 50, last_score: 25 });
    expect(second.questions.map((q) => [q.verdict, q.answered])).toEqual([
      ['right', true],
      ['wrong', false],
      ['wrong', false],
      ['wrong', false],
    ]);

    const home = await homeOf(t, student.token, courseId);
    const row = home.chapters[0]!.tasks[0]!;
    expect(row.self_test).toEqual({ question_count: 4, attempts: 2, best_score: 50, last_score: 25 });
    expect(row).toMatchObject({ state: 'not_started', score: null });
    expect(home.score).toBe(0);
    const detail = await ok(
      t,
      '/dataset-course/student-detail',
      { course_id: courseId, user_id: student.id },
      teacher.token,
    );
    expect(detail.tasks[0]!.self_test).toEqual({ question_count: 4, attempts: 2, best_score: 50, last_score: 25 });
    const again = await ok(t, '/dataset-course/self-test', { task_id: taskId }, student.token);
    expect(again).toMatchObject({ attempts: 2, best_score: 50, last_score: 25 });
  });

  it('refuses an answer that does not fit, and keeps nothing', async () => {
    const before = (await ok(t, '/dataset-course/self-test', { task_id: taskId }, student.token)).attempts;
    const bad = [
      [{ question_id: single, chosen: [0, 1] }],
      [{ question_id: single, chosen: [7] }],
      [{ question_id: single, response: { text: 'A' } }],
      [{ question_id: blank, chosen: [0] }],
      [{ question_id: blank, response: { texts: ['cat'] } }],
      [{ question_id: 999_999_999, chosen: [0] }],
      [
        { question_id: single, chosen: [0] },
        { question_id: single, chosen: [0] },
      ],
    ];
    for (const answers of bad) {
      const error = await refused(t, '/dataset-course/self-test-submit', { task_id: taskId, answers }, student.token);
      expect(error, JSON.stringify(answers)).toBe('course_self_test_answer_invalid');
    }
    expect((await ok(t, '/dataset-course/self-test', { task_id: taskId }, student.token)).attempts).toBe(before);
  });

  it('is refused to a student of another class or organisation, and on a task without questions', async () => {
    for (const who of [otherClass, otherOrg]) {
      for (const path of ['/dataset-course/self-test', '/dataset-course/self-test-submit'] as const) {
        const error = await refused(t, path, { task_id: taskId, answers: [] }, who.token);
        expect(error).toMatch(/^(not_found|forbidden)$/);
      }
    }
    const plain = await addTask(t, teacher.token, chapterId, {});
    const empty = await refused(t, '/dataset-course/self-test', { task_id: plain.id }, student.token);
    expect(empty).toBe('course_self_test_empty');
    const later = await addTask(t, teacher.token, chapterId, {
      open_at: new Date(Date.now() + 86_400_000).toISOString(),
      self_test_question_ids: [single],
    });
    const locked = await refused(
      t,
      '/dataset-course/self-test-submit',
      { task_id: later.id, answers: [{ question_id: single, chosen: [0] }] },
      student.token,
    );
    expect(locked).toBe('course_task_locked');
  });

  it("takes only the organisation's passed machine-graded questions, or the editor's own", async () => {
    const categoryId = await examCategory(t, siteId);
    const [waiting] = await examQuestions(t, siteId, categoryId, 1, { reviewStatus: 'unreviewed' });
    const essay = await insertId(t, schema.questions, {
      siteId,
      categoryId,
      type: 'essay',
      difficulty: 'easy',
      stem: '<p>Why?</p>',
      stemText: 'Why?',
      options: [],
      reviewStatus: 'passed',
    });
    for (const ids of [[waiting], [essay], [999_999_999]]) {
      const error = await refused(
        t,
        '/dataset-course/task-save',
        {
          chapter_id: chapterId,
          kind: 'material',
          title: 'Read',
          material: { type: 'link', url: 'https://a.b/c' },
          self_test_question_ids: ids,
        },
        teacher.token,
      );
      expect(error).toMatch(/^(course_self_test_question_unusable|not_found)$/);
    }
    const own = await insertId(t, schema.questions, {
      siteId,
      categoryId,
      type: 'single',
      difficulty: 'easy',
      stem: '<p>Mine</p>',
      stemText: 'Mine',
      options: [
        { content: 'A', correct: true },
        { content: 'B', correct: false },
      ],
      reviewStatus: 'unreviewed',
      createdBy: teacher.id,
    });
    const saved = await addTask(t, teacher.token, chapterId, { self_test_question_ids: [own] });
    expect(saved.self_test_question_ids).toEqual([own]);
  });
});
