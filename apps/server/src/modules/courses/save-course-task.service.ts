import type { TCourseTask, ZCourseTaskInput } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { teachingSourceUsable } from '../teaching-sources/index.ts';
import { requireEditableCourse } from './course-access.queries.ts';
import {
  loadChapter,
  loadTask,
  renumber,
  requireRoomFor,
  taskDetail,
  taskIdsInOrder,
} from './course-content.queries.ts';
import { selfTestQuestionIds } from './course-self-test-questions.queries.ts';
import { taskSource } from './course-task-sources.queries.ts';

type TaskInput = z.output<typeof ZCourseTaskInput>;

/**
 * `/dataset-course/task-save` (editors): without `id` a task at the end of the chapter; with it, the task of that
 * course changes, and moves to the end of `chapter_id` when that is another chapter of the course. Due time not
 * before open time (course_task_time_invalid); the source must fit the kind (`taskSource`).
 */
export async function saveCourseTask(ctx: TenantContext, input: TaskInput): Promise<TCourseTask> {
  const { siteId } = ctx.session;
  const openAt = input.open_at === null ? null : new Date(input.open_at);
  const dueAt = input.due_at === null ? null : new Date(input.due_at);
  const id = await ctx.db.transaction(async (tx) => {
    const chapter = await loadChapter(tx, siteId, input.chapter_id);
    const before = input.id === undefined ? null : await loadTask(tx, siteId, input.id);
    if (before && before.courseId !== chapter.courseId) throw new AppError('not_found');
    const course = await requireEditableCourse(tx, siteId, ctx.session, chapter.courseId);
    const source = await taskSource(tx, siteId, course.id, input, (sourceId) =>
      teachingSourceUsable({ ...ctx, db: tx }, sourceId),
    );
    if (openAt && dueAt && dueAt.getTime() < openAt.getTime()) throw new AppError('course_task_time_invalid');
    const kept = before?.selfTestQuestionIds ?? [];
    const selfTest = await selfTestQuestionIds(tx, siteId, ctx.session.userId, input, kept);
    const values = {
      kind: input.kind,
      title: input.title,
      openAt,
      dueAt,
      weight: input.weight,
      release: input.release,
      ...source,
      selfTestQuestionIds: selfTest,
      updatedAt: new Date(),
    };
    if (before && before.chapterId === chapter.id) {
      await tx.update(schema.courseTasks).set(values).where(eq(schema.courseTasks.id, before.id));
      return before.id;
    }
    const seq = (await requireRoomFor(tx, siteId, { chapterId: chapter.id })) + 1;
    if (before) {
      await tx
        .update(schema.courseTasks)
        .set({ ...values, chapterId: chapter.id, seq })
        .where(eq(schema.courseTasks.id, before.id));
      await renumber(tx, siteId, 'course_tasks', await taskIdsInOrder(tx, siteId, before.chapterId));
      return before.id;
    }
    const [created] = await tx
      .insert(schema.courseTasks)
      .values({ siteId, courseId: course.id, chapterId: chapter.id, seq, ...values })
      .returning({ id: schema.courseTasks.id });
    return created!.id;
  });
  return taskDetail(ctx.db, siteId, id);
}
