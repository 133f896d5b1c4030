import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadCategory, loadCategoryIndex } from './categories.queries.ts';
import { BANK, type CategoryInput, type CategoryScope, ownerIn } from './create-category.service.ts';

/**
 * `/dataset-category/update` and `/self-data/category-update` (a private category, under another of the caller's):
 * renames or moves; never under itself or a descendant (category_parent_wrong).
 */
export async function updateCategory(
  ctx: TenantContext,
  input: CategoryInput & { id: number },
  scope: CategoryScope = BANK,
): Promise<{ id: number }> {
  const { siteId, userId } = ctx.session;
  const ownerId = ownerIn(ctx, scope);
  await ctx.db.transaction(async (tx) => {
    const before = await loadCategory(tx, siteId, input.id, true, ownerId);
    if (input.parent_id !== null) {
      await loadCategory(tx, siteId, input.parent_id, false, ownerId);
      const index = await loadCategoryIndex(tx, siteId);
      if (index.withDescendants(input.id).includes(input.parent_id)) throw new AppError('category_parent_wrong');
    }
    await tx
      .update(schema.questionCategories)
      .set({
        parentId: input.parent_id,
        name: input.name,
        description: input.description,
        sort: input.sort,
        updatedAt: new Date(),
      })
      .where(eq(schema.questionCategories.id, input.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'question_category_update',
      targetType: 'question_category',
      targetId: input.id,
      details: {
        before: { parent_id: before.parentId, name: before.name, description: before.description, sort: before.sort },
        after: { parent_id: input.parent_id, name: input.name, description: input.description, sort: input.sort },
      },
      ip: ctx.ip,
    });
  });
  return { id: input.id };
}
