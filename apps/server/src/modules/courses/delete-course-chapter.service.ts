import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireEditableCourse } from './course-access.queries.ts';
import { chapterIdsInOrder, loadChapter, renumber } from './course-content.queries.ts';
import { workExists } from './course-work.queries.ts';

/**
 * `/dataset-course/chapter-delete`: the chapter and its tasks; when a student worked on any of them it answers
 * course_work_exists unless `force` (their progress on those tasks goes too). The chapters after it move up.
 */
export async function deleteCourseChapter(ctx: TenantContext, input: { id: number; force: boolean }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const chapter = await loadChapter(tx, siteId, input.id);
    const course = await requireEditableCourse(tx, siteId, ctx.session, chapter.courseId);
    const worked = await workExists(tx, siteId, sql`t.chapter_id = ${chapter.id}`);
    if (worked && !input.force) throw new AppError('course_work_exists');
    await tx.delete(schema.courseChapters).where(eq(schema.courseChapters.id, chapter.id));
    await renumber(tx, siteId, 'course_chapters', await chapterIdsInOrder(tx, siteId, course.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_chapter_delete',
      targetType: 'course',
      targetId: course.id,
      details: { before: { chapter_id: chapter.id, title: chapter.title, seq: chapter.seq }, after: null, worked },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
