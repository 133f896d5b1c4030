import type { TCourseCategoryNode, ZCourseCategoryInput } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { categoryWithDescendants, courseCategoryNode, loadCourseCategory } from './course-categories.queries.ts';

type CategoryInput = z.output<typeof ZCourseCategoryInput>;

const auditState = (row: { parentId: number | null; name: string; sort: number }) => ({
  parent_id: row.parentId,
  name: row.name,
  sort: row.sort,
});

/** `/course-category/create`: a new category under a category of the organisation, or at the root. */
export async function createCourseCategory(ctx: TenantContext, input: CategoryInput): Promise<TCourseCategoryNode> {
  const { siteId, userId } = ctx.session;
  const id = await ctx.db.transaction(async (tx) => {
    if (input.parent_id !== null) await loadCourseCategory(tx, siteId, input.parent_id);
    const [created] = await tx
      .insert(schema.courseCategories)
      .values({ siteId, parentId: input.parent_id, name: input.name, sort: input.sort })
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_category_create',
      targetType: 'course_category',
      targetId: created!.id,
      details: { before: null, after: auditState(created!) },
      ip: ctx.ip,
    });
    return created!.id;
  });
  return courseCategoryNode(ctx.db, siteId, id);
}

/** `/course-category/update`: renames, re-sorts or moves; never under itself or below it (category_parent_wrong). */
export async function updateCourseCategory(
  ctx: TenantContext,
  input: CategoryInput & { id: number },
): Promise<TCourseCategoryNode> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadCourseCategory(tx, siteId, input.id, true);
    if (input.parent_id !== null) {
      await loadCourseCategory(tx, siteId, input.parent_id);
      if ((await categoryWithDescendants(tx, siteId, input.id)).includes(input.parent_id)) {
        throw new AppError('category_parent_wrong');
      }
    }
    const [after] = await tx
      .update(schema.courseCategories)
      .set({ parentId: input.parent_id, name: input.name, sort: input.sort, updatedAt: new Date() })
      .where(eq(schema.courseCategories.id, before.id))
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'course_category_update',
      targetType: 'course_category',
      targetId: before.id,
      details: { before: auditState(before), after: auditState(after!) },
      ip: ctx.ip,
    });
  });
  return courseCategoryNode(ctx.db, siteId, input.id);
}
