import { schema } from '@app/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { recordQuestion } from './question-writes.ts';
import { type ReviewInput, reviewReason } from './verify-categories.service.ts';

/**
 * `/dataset-data/verify`: passes or fails unreviewed questions, all or nothing (not_found for ids of other
 * organisations or in private categories, review_state_wrong for a question already reviewed); each gets a review line in its history.
 */
export async function verifyQuestions(ctx: TenantContext, input: ReviewInput): Promise<{ count: number }> {
  const { siteId, userId } = ctx.session;
  const reason = reviewReason(input);
  const { questions } = schema;
  const ids = [...new Set(input.ids)];
  return ctx.db.transaction(async (tx) => {
    // A private category's questions are not in the bank: nobody reviews them before they are submitted.
    const rows = await tx
      .select({ id: questions.id, status: questions.reviewStatus })
      .from(questions)
      .innerJoin(schema.questionCategories, eq(schema.questionCategories.id, questions.categoryId))
      .where(and(eq(questions.siteId, siteId), inArray(questions.id, ids), isNull(schema.questionCategories.ownerId)))
      .for('update', { of: questions });
    if (rows.length !== ids.length) throw new AppError('not_found');
    if (rows.some((r) => r.status !== 'unreviewed')) throw new AppError('review_state_wrong');
    const updated = await tx
      .update(questions)
      .set({ reviewStatus: input.status, reviewReason: reason, reviewedBy: userId, reviewedAt: new Date() })
      .where(inArray(questions.id, ids))
      .returning();
    const action = input.status === 'passed' ? 'review_pass' : 'review_fail';
    for (const question of updated) await recordQuestion(tx, question, { action, userId, reason });
    return { count: ids.length };
  });
}
