import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { addTask, homeOf, ok, refused, teachingCourse } from '../../testing/courses.ts';
import { examCategory, examQuestions, insertExam } from '../../testing/exams.ts';
import { insertId } from '../../testing/fixture-rows.ts';
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

const PDF = Buffer.from('%PDF-1.4\n% a tiny stand-in document for the file route\n%%EOF\n');

/** A ready library source of `owner` (stored file and row, as the library's upload leaves them). */
async function librarySource(owner: FreshMember, kind: 'document' | 'video', over: Record<string, unknown> = {}) {
  const key = `teaching-sources/${siteId}/${owner.id}-${Date.now()}/${kind === 'video' ? 'talk.mp4' : 'notes.pdf'}`;
  await t.deps.storage.saveFile(key, PDF);
  return insertId(t, schema.teachingSources, {
    siteId,
    ownerId: owner.id,
    kind,
    title: kind === 'video' ? 'Talk' : 'Notes',
    fileName: kind === 'video' ? 'talk.mp4' : 'notes.pdf',
    fileKey: key,
    fileSize: PDF.length,
    viewKey: key,
    status: 'ready',
    ...over,
  });
}

/** An online course of the teacher for a new class of `students`, with one material task showing `sourceId`. */
async function courseShowing(sourceId: number, students: FreshMember[]) {
  const course = await teachingCourse(t, teacher.token, { classIds: [await groupOf(t, siteId, 'class', students)] });
  const task = await addTask(t, teacher.token, course.chapters[0]!.id, {
    material: { type: 'source', source_id: sourceId },
  });
  await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
  return { courseId: course.id, taskId: task.id as number };
}

const fileOf = (taskId: number, token: string, query = '') =>
  t.app.inject({ url: `/api/file/course-material/${taskId}${query}`, headers: { 'access-token': token } });

describe('a material task showing a library file', () => {
  it('takes only a source its editor may use, and names it in the editor', async () => {
    const other = await freshMember(t, siteId, 'role_teacher');
    const foreign = await librarySource(other, 'document');
    const course = await teachingCourse(t, teacher.token, { classIds: [] });
    const chapterId = course.chapters[0]!.id;
    const material = { type: 'source', source_id: foreign };
    const wrong = await refused(
      t,
      '/dataset-course/task-save',
      { chapter_id: chapterId, kind: 'material', title: 'x', material },
      teacher.token,
    );
    expect(wrong).toBe('course_task_source_wrong');
    const mine = await librarySource(teacher, 'document');
    const task = await addTask(t, teacher.token, chapterId, { material: { type: 'source', source_id: mine } });
    expect(task).toMatchObject({ material: { type: 'source', source_id: mine }, source_title: 'Notes' });
  });

  it('is served to the class through the task, and to nobody else', async () => {
    const student = await freshMember(t, siteId, 'role_student');
    const stranger = await freshMember(t, siteId, 'role_student');
    const { courseId, taskId } = await courseShowing(await librarySource(teacher, 'document'), [student]);
    const [view] = (await homeOf(t, student.token, courseId)).chapters[0]!.tasks;
    expect(view!.source).toMatchObject({
      kind: 'document',
      status: 'ready',
      view_url: `/api/file/course-material/${taskId}`,
      download_url: `/api/file/course-material/${taskId}?download=1`,
    });
    const whole = await fileOf(taskId, student.token);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    const part = await t.app.inject({
      url: `/api/file/course-material/${taskId}`,
      headers: { 'access-token': student.token, range: 'bytes=0-3' },
    });
    expect([part.statusCode, part.body]).toEqual([206, '%PDF']);
    expect((await fileOf(taskId, student.token, '?download=1')).headers['content-disposition']).toContain('attachment');
    expect((await fileOf(taskId, teacher.token)).statusCode).toBe(200);
    expect((await fileOf(taskId, stranger.token)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/file/course-material/${taskId}` })).statusCode).toBe(401);
  });

  it('is not served while the task is locked', async () => {
    const student = await freshMember(t, siteId, 'role_student');
    const course = await teachingCourse(t, teacher.token, { classIds: [await groupOf(t, siteId, 'class', [student])] });
    const task = await addTask(t, teacher.token, course.chapters[0]!.id, {
      material: { type: 'source', source_id: await librarySource(teacher, 'document') },
      open_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    const [view] = (await homeOf(t, student.token, course.id)).chapters[0]!.tasks;
    expect(view).toMatchObject({ state: 'locked', material: null, source: null });
    expect((await fileOf(task.id, student.token)).statusCode).toBe(404);
  });

  it('a video is done at 90 % watched, advances no faster than time passes, and remembers the position', async () => {
    const student = await freshMember(t, siteId, 'role_student');
    const source = await librarySource(teacher, 'video', { durationSeconds: 600 });
    const { taskId } = await courseShowing(source, [student]);
    const report = (progress: number, position: number) =>
      ok(t, '/dataset-course/task-progress', { task_id: taskId, progress, seconds: 10, position }, student.token);
    // A first report claiming the whole video gets what 30 s + 5 s of slack allow of 600 s.
    const first = await report(1, 590);
    expect(first).toMatchObject({ state: 'in_progress', position: 590 });
    expect(first.progress).toBeCloseTo(35 / 600, 3);
    // Pretend the student watched for a long time since: the next report may reach 0.9.
    await t.deps.db
      .update(schema.courseTaskProgress)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(schema.courseTaskProgress.taskId, taskId));
    const almost = await report(0.89, 534);
    expect(almost).toMatchObject({ state: 'in_progress', progress: 0.89, position: 534 });
    await t.deps.db
      .update(schema.courseTaskProgress)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.courseTaskProgress.taskId, taskId));
    expect(await report(0.9, 540)).toMatchObject({ state: 'done', score: 100, position: 540 });
  });

  it('a document is done at its last page', async () => {
    const student = await freshMember(t, siteId, 'role_student');
    const { taskId } = await courseShowing(await librarySource(teacher, 'document'), [student]);
    const report = (progress: number, position: number) =>
      ok(t, '/dataset-course/task-progress', { task_id: taskId, progress, seconds: 5, position }, student.token);
    expect(await report(0.95, 19)).toMatchObject({ state: 'in_progress', position: 19 });
    expect(await report(1, 20)).toMatchObject({ state: 'done', position: 20 });
  });
});

describe('practice and exams of a course', () => {
  it("its students may take the course's exam whatever the exam's audience; other students may not", async () => {
    const student = await freshMember(t, siteId, 'role_student');
    const outsider = await freshMember(t, siteId, 'role_student');
    const questionIds = await examQuestions(t, siteId, await examCategory(t, siteId), 2);
    const examId = await insertExam(t, siteId, { questionIds, totalScore: 20, audience: 'chosen' });
    const course = await teachingCourse(t, teacher.token, { classIds: [await groupOf(t, siteId, 'class', [student])] });
    await addTask(t, teacher.token, course.chapters[0]!.id, { kind: 'exam', exam_id: examId });
    await refused(t, '/dataset-examine/start', { exam_id: examId }, student.token);
    await ok(t, '/dataset-course/online', { id: course.id }, teacher.token);
    const started = await ok(t, '/dataset-examine/start', { exam_id: examId }, student.token);
    expect(started.attempt_id).toBeGreaterThan(0);
    expect(await refused(t, '/dataset-examine/start', { exam_id: examId }, outsider.token)).toBe('not_found');
  });
});
