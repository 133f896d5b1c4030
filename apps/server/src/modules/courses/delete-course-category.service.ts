import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { courseCategoryUsage, loadCourseCategory } from './course-categories.queries.ts';

const { courseCategories } = schema;

/** `/course-category/delete`: only a category without sub-categories and courses (course_category_not_empty). */
export async function deleteCourseCategory(ctx: TenantContext, id: number): Promise<{ ok: true }> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadCourseCategory(tx, siteId, id, true);
    const usage = await courseCategoryUsage(tx, siteId, before.id);
    if (usage.children > 0 || usage.courses > 0) throw new AppError('course_category_not_empty', {}, usage);
    await tx.delete(courseCategories).where(eq(courseCategories.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_category_delete',
      targetType: 'course_category',
      targetId: before.id,
      details: { before: { parent_id: before.parentId, name: before.name, sort: before.sort }, after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true };
}
