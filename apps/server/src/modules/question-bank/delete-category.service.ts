import { queryRows, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadCategory } from './categories.queries.ts';
import { BANK, type CategoryScope, ownerIn } from './create-category.service.ts';

/**
 * `/dataset-category/delete` and `/self-data/category-delete` (a private category of the caller's): only a category
 * without sub-categories and questions (category_not_empty).
 */
export async function deleteCategory(
  ctx: TenantContext,
  id: number,
  scope: CategoryScope = BANK,
): Promise<{ ok: true }> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const category = await loadCategory(tx, siteId, id, true, ownerIn(ctx, scope));
    const [used] = await queryRows<{ used: boolean }>(
      tx,
      sql`select exists (select 1 from question_categories where parent_id = ${id})
          or exists (select 1 from questions where category_id = ${id}) as used`,
    );
    if (used?.used) throw new AppError('category_not_empty');
    await tx.delete(schema.questionCategories).where(eq(schema.questionCategories.id, id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'question_category_delete',
      targetType: 'question_category',
      targetId: id,
      details: { before: { name: category.name, parent_id: category.parentId }, after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true };
}
