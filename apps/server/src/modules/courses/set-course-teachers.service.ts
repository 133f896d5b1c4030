import type { TCourseDetail } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { refuseArchived, requireCourse } from './course-access.queries.ts';
import { courseTeam, requireCourseTeachers } from './course-team.queries.ts';
import { courseDetail } from './courses.queries.ts';

const { courseTeachers } = schema;

/**
 * `/dataset-course/teachers-set` (owner or manager): the co-teachers become exactly `user_ids` ∪ `editor_ids`, those
 * in `editor_ids` allowed to change chapters and tasks; the owner is never a co-teacher of their own course.
 */
export async function setCourseTeachers(
  ctx: TenantContext,
  input: { id: number; user_ids: number[]; editor_ids: number[] },
): Promise<TCourseDetail> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const { course } = await requireCourse(tx, siteId, ctx.session, input.id, 'own', true);
    refuseArchived(course);
    const editors = new Set(input.editor_ids);
    const wanted = [...new Set([...input.user_ids, ...input.editor_ids])].filter((id) => id !== course.ownerId);
    await requireCourseTeachers(tx, siteId, wanted);
    const before = await courseTeam(tx, siteId, course.id);
    await tx.delete(courseTeachers).where(eq(courseTeachers.courseId, course.id));
    if (wanted.length > 0) {
      await tx
        .insert(courseTeachers)
        .values(wanted.map((id) => ({ courseId: course.id, userId: id, siteId, canEdit: editors.has(id) })));
    }
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_teachers_set',
      targetType: 'course',
      targetId: course.id,
      details: { before, after: await courseTeam(tx, siteId, course.id) },
      ip: ctx.ip,
    });
  });
  return courseDetail(ctx.db, siteId, ctx.session, input.id);
}
