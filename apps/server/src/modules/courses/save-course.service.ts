import type { TCourseDetail, ZCourseInput } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { refuseArchived, requireCourse } from './course-access.queries.ts';
import { loadCourseCategory } from './course-categories.queries.ts';
import { courseAuditState, courseDetail } from './courses.queries.ts';

type CourseInput = z.output<typeof ZCourseInput>;

/** The course's fields from the input: the category must be the organisation's, the end not before the start. */
async function courseValues(db: Executor, siteId: number, input: CourseInput) {
  if (input.category_id !== null) await loadCourseCategory(db, siteId, input.category_id);
  if (input.starts_on !== null && input.ends_on !== null && input.ends_on < input.starts_on) {
    throw new AppError('course_dates_invalid');
  }
  return {
    name: input.name,
    categoryId: input.category_id,
    cover: input.cover,
    description: input.description,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
  };
}

/** `/dataset-course/create`: a draft course owned by the caller, without chapters. */
export async function createCourse(ctx: TenantContext, input: CourseInput): Promise<TCourseDetail> {
  const { siteId, userId } = ctx.session;
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(schema.courses)
      .values({ siteId, ownerId: userId, status: 'draft', ...(await courseValues(tx, siteId, input)) })
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_create',
      targetType: 'course',
      targetId: created!.id,
      details: { before: null, after: courseAuditState(created!) },
      ip: ctx.ip,
    });
    return created!.id;
  });
  return courseDetail(ctx.db, siteId, ctx.session, id);
}

/** `/dataset-course/update`: replaces the course's fields (owner or manager; an archived course is read-only). */
export async function updateCourse(ctx: TenantContext, input: CourseInput & { id: number }): Promise<TCourseDetail> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const { course: before } = await requireCourse(tx, siteId, ctx.session, input.id, 'own', true);
    refuseArchived(before);
    const [after] = await tx
      .update(schema.courses)
      .set({ ...(await courseValues(tx, siteId, input)), updatedAt: new Date() })
      .where(eq(schema.courses.id, before.id))
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_update',
      targetType: 'course',
      targetId: before.id,
      details: { before: courseAuditState(before), after: courseAuditState(after!) },
      ip: ctx.ip,
    });
  });
  return courseDetail(ctx.db, siteId, ctx.session, input.id);
}
