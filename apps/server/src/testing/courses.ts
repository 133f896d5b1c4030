import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { expect } from 'vitest';
import { fixtureTag, insertId } from './fixture-rows.ts';
import { firstMemberId } from './sessions.ts';
import { type CallOutput, call, type TestApp } from './test-app.ts';

export interface CourseFixture {
  categoryId: number;
  courseId: number;
  chapterId: number;
  taskId: number;
}

/**
 * A course category, a draft course of the organisation's first member in it, one chapter and one material task —
 * made directly in the database (generated tests).
 */
export async function createCourseFixture(t: TestApp, siteId: number): Promise<CourseFixture> {
  const tag = fixtureTag();
  const categoryId = await insertId(t, schema.courseCategories, { siteId, name: `cat ${tag}` });
  const courseId = await insertId(t, schema.courses, {
    siteId,
    categoryId,
    name: `fixture course ${tag}`,
    ownerId: await firstMemberId(t, siteId),
  });
  const chapterId = await insertId(t, schema.courseChapters, { siteId, courseId, seq: 1, title: 'Week 1' });
  const taskId = await insertId(t, schema.courseTasks, {
    siteId,
    courseId,
    chapterId,
    seq: 1,
    kind: 'material',
    title: 'Read',
    material: { type: 'link', url: 'https://example.com/read' },
  });
  return { categoryId, courseId, chapterId, taskId };
}

/** An interaction of one question on a course, and an open run of it for no class (access tests). */
export async function createInteractionFixture(t: TestApp, siteId: number, courseId: number, questionId: number) {
  const items = [{ question_id: questionId, seconds: 0, points: 100 }];
  const settings = { anonymous: false, show_answer: true, leaderboard: true, speed_points: false, allow_change: false };
  const interactionId = await insertId(t, schema.interactions, { siteId, courseId, title: 'Quiz', items, settings });
  const runId = await insertId(t, schema.interactionRuns, {
    siteId,
    interactionId,
    courseId,
    title: 'Quiz',
    items,
    settings,
    classIds: [],
  });
  return { interactionId, runId };
}

/** Calls a procedure that must succeed and answers its data. */
export async function ok<P extends ProcedurePath>(
  t: TestApp,
  path: P,
  body: Record<string, unknown>,
  token: string,
): Promise<CallOutput<P>> {
  const result = await call(t.app, path, body, { token });
  expect(result.status, `${path}: ${JSON.stringify(result.body)}`).toBe(200);
  return result.body.data;
}

/** Calls a procedure that must be refused and answers the error code. */
export async function refused(t: TestApp, path: ProcedurePath, body: Record<string, unknown>, token: string) {
  const result = await call(t.app, path, body, { token });
  expect(result.status, `${path}: ${JSON.stringify(result.body)}`).toBeGreaterThanOrEqual(400);
  return result.body.error;
}

export const LINK = { type: 'link', url: 'https://example.com/chapter-1' } as const;

/** A material task (a link) at the end of a chapter; `over` changes any field. */
export async function addTask(t: TestApp, token: string, chapterId: number, over: Record<string, unknown> = {}) {
  return ok(
    t,
    '/dataset-course/task-save',
    { chapter_id: chapterId, kind: 'material', title: `Task ${fixtureTag()}`, material: LINK, ...over },
    token,
  );
}

/**
 * A course of the teacher taught to the classes, with `weeks` weekly chapters ("Week n") and no tasks yet; still a
 * draft.
 */
export async function teachingCourse(
  t: TestApp,
  token: string,
  opts: { classIds: number[]; weeks?: number; starts_on?: string | null; name?: string },
) {
  const course = await ok(
    t,
    '/dataset-course/create',
    { name: opts.name ?? `Course ${fixtureTag()}`, starts_on: opts.starts_on ?? null },
    token,
  );
  await ok(t, '/dataset-course/classes-set', { id: course.id, group_ids: opts.classIds }, token);
  return ok(
    t,
    '/dataset-course/chapter-add-weeks',
    { course_id: course.id, count: opts.weeks ?? 1, title_pattern: 'Week {n}' },
    token,
  );
}

/** Reads a student's course home. */
export const homeOf = (t: TestApp, token: string, courseId: number) =>
  ok(t, '/dataset-course/home', { id: courseId }, token);

/** The states of a course's tasks for a student, in course order. */
export async function statesOf(t: TestApp, token: string, courseId: number) {
  const home = await homeOf(t, token, courseId);
  return home.chapters.flatMap((chapter) => chapter.tasks.map((task) => task.state));
}
