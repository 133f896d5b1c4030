import type { TQuestionCategoryRow } from '@app/contracts';
import { schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { reviewSwitches } from '../settings/index.ts';
import { categoryRow, loadCategory } from './categories.queries.ts';

/** The permission of category reviewers: what they create is passed at once. */
export const CATEGORY_REVIEW_KEY = '/dataset-category/verify';

export interface CategoryInput {
  parent_id: number | null;
  name: string;
  description: string;
  sort: number;
}

/**
 * `/dataset-category/create`: passed at once for reviewers, and for anyone while the organisation does not review
 * questions (`question_review` off: passed by nobody, the audit line says `review: 'auto'`); otherwise waiting.
 */
export async function createCategory(ctx: TenantContext, input: CategoryInput): Promise<TQuestionCategoryRow> {
  const { siteId, userId } = ctx.session;
  const reviewer = ctx.session.permissions.has(CATEGORY_REVIEW_KEY);
  const id = await ctx.db.transaction(async (tx) => {
    if (input.parent_id !== null) await loadCategory(tx, siteId, input.parent_id);
    const auto = !reviewer && !(await reviewSwitches(tx, siteId)).question_review;
    const [created] = await tx
      .insert(schema.questionCategories)
      .values({
        siteId,
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
        ...(auto ? { review: 'auto' } : {}),
      },
      ip: ctx.ip,
    });
    return created!.id;
  });
  return categoryRow(ctx.db, siteId, id);
}
