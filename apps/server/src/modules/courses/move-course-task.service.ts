import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireEditableCourse } from './course-access.queries.ts';
import { loadChapter, loadTask, movedTo, renumber, requireRoomFor, taskIdsInOrder } from './course-content.queries.ts';

/**
 * `/dataset-course/task-move` (editors): the task to a position of a chapter of the same course (another course's
 * chapter is not_found); both chapters are numbered again.
 */
export async function moveCourseTask(ctx: TenantContext, input: { id: number; chapter_id: number; to_seq: number }) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const task = await loadTask(tx, siteId, input.id);
    const chapter = await loadChapter(tx, siteId, input.chapter_id);
    if (chapter.courseId !== task.courseId) throw new AppError('not_found');
    await requireEditableCourse(tx, siteId, ctx.session, task.courseId);
    if (chapter.id !== task.chapterId) {
      await requireRoomFor(tx, siteId, { chapterId: chapter.id });
      await tx
        .update(schema.courseTasks)
        .set({ chapterId: chapter.id, updatedAt: new Date() })
        .where(eq(schema.courseTasks.id, task.id));
      await renumber(tx, siteId, 'course_tasks', await taskIdsInOrder(tx, siteId, task.chapterId));
    }
    await renumber(
      tx,
      siteId,
      'course_tasks',
      movedTo(await taskIdsInOrder(tx, siteId, chapter.id), task.id, input.to_seq),
    );
  });
  return { ok: true as const };
}
