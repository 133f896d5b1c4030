import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireCourse } from './course-access.queries.ts';
import { workExists } from './course-work.queries.ts';
import { courseAuditState } from './courses.queries.ts';

/**
 * `/dataset-course/delete` (owner or manager): a draft, or an archived course no student has worked on, goes with
 * its chapters, tasks, classes and co-teachers. Anything else answers course_not_deletable: taking it offline or
 * archiving it keeps the students' work.
 */
export async function deleteCourse(ctx: TenantContext, id: number): Promise<{ ok: true }> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const { course } = await requireCourse(tx, siteId, ctx.session, id, 'own', true);
    if (course.status !== 'draft' && course.status !== 'archived') {
      throw new AppError('course_not_deletable', {}, { status: course.status });
    }
    if (await workExists(tx, siteId, sql`t.course_id = ${course.id}`)) {
      throw new AppError('course_not_deletable', {}, { work: true });
    }
    await tx.delete(schema.courses).where(eq(schema.courses.id, course.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_delete',
      targetType: 'course',
      targetId: course.id,
      details: { before: courseAuditState(course), after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true };
}
