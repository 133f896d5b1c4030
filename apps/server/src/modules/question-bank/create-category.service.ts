import { schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { reviewSwitches } from '../settings/index.ts';
import { loadCategory } from './categories.queries.ts';

/** The permission of category reviewers: what they create is passed at once. */
export const CATEGORY_REVIEW_KEY = '/dataset-category/verify';

export interface CategoryInput {
  parent_id: number | null;
  name: string;
  description: string;
  sort: number;
}

/** Where a category goes: the organisation's bank, or the caller's private categories (`/self-data/category`). */
export interface CategoryScope {
  private: boolean;
}
export const BANK: CategoryScope = { private: false };

/** The owner a scope gives the caller's categories: null for the bank. */
export function ownerIn(ctx: TenantContext, scope: CategoryScope): number | null {
  return scope.private ? ctx.session.userId : null;
}

/**
 * `/dataset-category/create`: passed at once for reviewers, and for anyone while the organisation does not review
 * questions (`question_review` off: passed by nobody, the audit line says `review: 'auto'`); otherwise waiting.
 * `/self-data/category-create`: a private category, under another of the caller's, passed (nobody reviews it).
 */
export async function createCategory(
  ctx: TenantContext,
  input: CategoryInput,
  scope: CategoryScope = BANK,
): Promise<{ id: number }> {
  const { siteId, userId } = ctx.session;
  const ownerId = ownerIn(ctx, scope);
  const reviewer = ownerId === null && ctx.session.permissions.has(CATEGORY_REVIEW_KEY);
  return ctx.db.transaction(async (tx) => {
    if (input.parent_id !== null) await loadCategory(tx, siteId, input.parent_id, false, ownerId);
    const auto = ownerId !== null || (!reviewer && !(await reviewSwitches(tx, siteId)).question_review);
    const [created] = await tx
      .insert(schema.questionCategories)
      .values({
        siteId,
        ownerId,
        parentId: input.parent_id,
        name: input.name,
        description: input.description,
        sort: input.sort,
        reviewStatus: reviewer || auto ? 'passed' : 'unreviewed',
        reviewedBy: reviewer ? userId : null,
        reviewedAt: reviewer || auto ? new Date() : null,
        createdBy: userId,
      })
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'question_category_create',
      targetType: 'question_category',
      targetId: created!.id,
      details: {
        before: null,
        after: { ...input, review_status: created!.reviewStatus },
        ...(ownerId !== null ? { private: true } : auto ? { review: 'auto' } : {}),
      },
      ip: ctx.ip,
    });
    return { id: created!.id };
  });
}
