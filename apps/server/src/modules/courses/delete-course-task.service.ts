import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireEditableCourse } from './course-access.queries.ts';
import { loadTask, renumber, taskIdsInOrder } from './course-content.queries.ts';
import { workExists } from './course-work.queries.ts';

/**
 * `/dataset-course/task-delete` (editors): when a student worked on the task it answers course_work_exists unless
 * `force` (their progress on it goes too). The tasks after it move up.
 */
export async function deleteCourseTask(ctx: TenantContext, input: { id: number; force: boolean }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const task = await loadTask(tx, siteId, input.id);
    const course = await requireEditableCourse(tx, siteId, ctx.session, task.courseId);
    const worked = await workExists(tx, siteId, sql`t.id = ${task.id}`);
    if (worked && !input.force) throw new AppError('course_work_exists');
    await tx.delete(schema.courseTasks).where(eq(schema.courseTasks.id, task.id));
    await renumber(tx, siteId, 'course_tasks', await taskIdsInOrder(tx, siteId, task.chapterId));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_task_delete',
      targetType: 'course',
      targetId: course.id,
      details: { before: { task_id: task.id, kind: task.kind, title: task.title }, after: null, worked },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
