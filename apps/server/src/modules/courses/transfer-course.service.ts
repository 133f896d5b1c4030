import type { TCourseDetail } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { requireCourse } from './course-access.queries.ts';
import { requireCourseTeachers } from './course-team.queries.ts';
import { courseDetail } from './courses.queries.ts';

const { courses, courseTeachers } = schema;

/**
 * `/dataset-course/transfer` (managers: the key marks who manages every course): another teacher of the organisation
 * becomes the owner; the former owner stays as a co-teacher who may edit, so nobody loses the course by surprise.
 */
export async function transferCourse(
  ctx: TenantContext,
  input: { id: number; owner_id: number },
): Promise<TCourseDetail> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const { course } = await requireCourse(tx, siteId, ctx.session, input.id, 'own', true);
    if (course.ownerId === input.owner_id) return;
    await requireCourseTeachers(tx, siteId, [input.owner_id]);
    await tx
      .delete(courseTeachers)
      .where(and(eq(courseTeachers.courseId, course.id), eq(courseTeachers.userId, input.owner_id)));
    if (course.ownerId !== null) {
      await tx
        .insert(courseTeachers)
        .values({ courseId: course.id, userId: course.ownerId, siteId, canEdit: true })
        .onConflictDoUpdate({ target: [courseTeachers.courseId, courseTeachers.userId], set: { canEdit: true } });
    }
    await tx.update(courses).set({ ownerId: input.owner_id, updatedAt: new Date() }).where(eq(courses.id, course.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_transfer',
      targetType: 'course',
      targetId: course.id,
      details: { before: { owner_id: course.ownerId }, after: { owner_id: input.owner_id } },
      ip: ctx.ip,
    });
  });
  return courseDetail(ctx.db, siteId, ctx.session, input.id);
}
