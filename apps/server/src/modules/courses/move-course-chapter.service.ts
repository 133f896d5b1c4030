import type { TenantContext } from '../../platform/context.ts';
import { requireEditableCourse } from './course-access.queries.ts';
import { chapterIdsInOrder, loadChapter, movedTo, renumber } from './course-content.queries.ts';

/** `/dataset-course/chapter-move`: the chapter to a position; the others keep their order. */
export async function moveCourseChapter(ctx: TenantContext, input: { id: number; to_seq: number }) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const chapter = await loadChapter(tx, siteId, input.id);
    const course = await requireEditableCourse(tx, siteId, ctx.session, chapter.courseId);
    await renumber(
      tx,
      siteId,
      'course_chapters',
      movedTo(await chapterIdsInOrder(tx, siteId, course.id), chapter.id, input.to_seq),
    );
  });
  return { ok: true as const };
}
