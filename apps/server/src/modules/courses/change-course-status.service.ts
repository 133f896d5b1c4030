import type { TCourseDetail, TCourseStatus } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireCourse } from './course-access.queries.ts';
import { courseContentCounts } from './course-content.queries.ts';
import { courseClassIds } from './course-team.queries.ts';
import { courseDetail } from './courses.queries.ts';

type Target = Exclude<TCourseStatus, 'draft'>;

/** The states each target may be reached from (asking for the state a course is in changes nothing). */
const FROM: Record<Target, readonly TCourseStatus[]> = {
  online: ['draft', 'offline'],
  offline: ['online'],
  archived: ['draft', 'online', 'offline'],
};

const ACTION = { online: 'course_online', offline: 'course_offline', archived: 'course_archive' } as const;

/**
 * `/dataset-course/online`, `/offline` and `/archive` (owner or manager). Online shows the course to its classes'
 * students and needs a class (course_no_classes) and a task (course_no_tasks); offline hides it, losing nothing;
 * archived is final and read-only. Other moves answer course_status_invalid.
 */
export async function changeCourseStatus(ctx: TenantContext, id: number, status: Target): Promise<TCourseDetail> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const { course } = await requireCourse(tx, siteId, ctx.session, id, 'own', true);
    if (course.status === status) return;
    if (!FROM[status].includes(course.status)) throw new AppError('course_status_invalid');
    if (status === 'online') {
      if ((await courseClassIds(tx, siteId, course.id)).length === 0) throw new AppError('course_no_classes');
      if ((await courseContentCounts(tx, siteId, course.id)).tasks === 0) throw new AppError('course_no_tasks');
    }
    await tx.update(schema.courses).set({ status, updatedAt: new Date() }).where(eq(schema.courses.id, course.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: ACTION[status],
      targetType: 'course',
      targetId: course.id,
      details: { before: { status: course.status }, after: { status } },
      ip: ctx.ip,
    });
  });
  return courseDetail(ctx.db, siteId, ctx.session, id);
}
