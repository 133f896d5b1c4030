import type { TCourseDetail } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { refuseArchived, requireCourse } from './course-access.queries.ts';
import { courseClassIds, requireClasses } from './course-team.queries.ts';
import { courseDetail } from './courses.queries.ts';

const { courseClasses } = schema;

/**
 * `/dataset-course/classes-set` (owner or manager): the classes of the organisation the course is taught to; an
 * online course keeps at least one (course_no_classes).
 */
export async function setCourseClasses(
  ctx: TenantContext,
  input: { id: number; group_ids: number[] },
): Promise<TCourseDetail> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const { course } = await requireCourse(tx, siteId, ctx.session, input.id, 'own', true);
    refuseArchived(course);
    const wanted = [...new Set(input.group_ids)];
    await requireClasses(tx, siteId, wanted);
    if (course.status === 'online' && wanted.length === 0) throw new AppError('course_no_classes');
    const before = await courseClassIds(tx, siteId, course.id);
    await tx.delete(courseClasses).where(eq(courseClasses.courseId, course.id));
    if (wanted.length > 0) {
      await tx.insert(courseClasses).values(wanted.map((groupId) => ({ courseId: course.id, groupId, siteId })));
    }
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_classes_set',
      targetType: 'course',
      targetId: course.id,
      details: {
        before: { group_ids: before },
        after: { group_ids: wanted },
      },
      ip: ctx.ip,
    });
  });
  return courseDetail(ctx.db, siteId, ctx.session, input.id);
}
