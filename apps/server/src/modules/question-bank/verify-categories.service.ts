import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

export interface ReviewInput {
  ids: number[];
  status: 'passed' | 'failed';
  reason: string;
}

/** A failure needs a reason; a pass keeps none. */
export function reviewReason(input: ReviewInput): string {
  if (input.status === 'failed' && input.reason.trim() === '') throw new AppError('reason_required');
  return input.status === 'failed' ? input.reason.trim() : '';
}

/**
 * `/dataset-category/verify`: all or nothing. An id not of the organisation answers not_found, a category that is
 * not unreviewed review_state_wrong.
 */
export async function verifyCategories(ctx: TenantContext, input: ReviewInput): Promise<{ count: number }> {
  const { siteId, userId } = ctx.session;
  const reason = reviewReason(input);
  const ids = [...new Set(input.ids)];
  const { questionCategories } = schema;
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: questionCategories.id, status: questionCategories.reviewStatus })
      .from(questionCategories)
      .where(and(eq(questionCategories.siteId, siteId), inArray(questionCategories.id, ids)))
      .for('update');
    if (rows.length !== ids.length) throw new AppError('not_found');
    if (rows.some((r) => r.status !== 'unreviewed')) throw new AppError('review_state_wrong');
    await tx
      .update(questionCategories)
      .set({ reviewStatus: input.status, reviewReason: reason, reviewedBy: userId, reviewedAt: new Date() })
      .where(inArray(questionCategories.id, ids));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'question_category_verify',
      targetType: 'question_category',
      targetId: ids.length === 1 ? ids[0] : undefined,
      details: { ids, status: input.status, reason },
      ip: ctx.ip,
    });
    return { count: ids.length };
  });
}
