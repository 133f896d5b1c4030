import type { TCourseChapter } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireEditableCourse } from './course-access.queries.ts';
import { chapterDetail, loadChapter, requireRoomFor } from './course-content.queries.ts';

/**
 * `/dataset-course/chapter-save`: without `id` a chapter at the end of the course; with it, the chapter of that course
 * (another course's chapter is not_found) gets the title and dates. Editors only.
 */
export async function saveCourseChapter(
  ctx: TenantContext,
  input: { id?: number; course_id: number; title: string; starts_on: string | null; ends_on: string | null },
): Promise<TCourseChapter> {
  const { siteId } = ctx.session;
  if (input.starts_on !== null && input.ends_on !== null && input.ends_on < input.starts_on) {
    throw new AppError('course_dates_invalid');
  }
  const values = { title: input.title, startsOn: input.starts_on, endsOn: input.ends_on };
  const id = await ctx.db.transaction(async (tx) => {
    if (input.id !== undefined) {
      const chapter = await loadChapter(tx, siteId, input.id);
      if (chapter.courseId !== input.course_id) throw new AppError('not_found');
      await requireEditableCourse(tx, siteId, ctx.session, chapter.courseId);
      await tx
        .update(schema.courseChapters)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(schema.courseChapters.id, chapter.id));
      return chapter.id;
    }
    const course = await requireEditableCourse(tx, siteId, ctx.session, input.course_id);
    const existing = await requireRoomFor(tx, siteId, { courseId: course.id });
    const [created] = await tx
      .insert(schema.courseChapters)
      .values({ siteId, courseId: course.id, seq: existing + 1, ...values })
      .returning({ id: schema.courseChapters.id });
    return created!.id;
  });
  return chapterDetail(ctx.db, siteId, id);
}
