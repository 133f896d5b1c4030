import { schema } from '@app/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadCategory } from './categories.queries.ts';
import { passUnlessReviewed, recordQuestion } from './question-writes.ts';

const { questions, questionCategories } = schema;

/**
 * `/self-data/submit`: the caller's questions in their private categories (not_found for any other) move to a passed
 * category of the organisation's bank (category_not_passed) as a new version, unreviewed — in the review queue as any
 * new question, passed at once where the organisation does not review questions — with a `submit` history line.
 */
export async function submitPrivateQuestions(
  ctx: TenantContext,
  input: { ids: number[]; category_id: number },
): Promise<{ count: number }> {
  const { siteId, userId } = ctx.session;
  const ids = [...new Set(input.ids)];
  return ctx.db.transaction(async (tx) => {
    const category = await loadCategory(tx, siteId, input.category_id);
    if (category.reviewStatus !== 'passed') throw new AppError('category_not_passed');
    const own = await tx
      .select({ id: questions.id })
      .from(questions)
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .where(and(eq(questions.siteId, siteId), inArray(questions.id, ids), eq(questionCategories.ownerId, userId)))
      .for('update', { of: questions });
    if (own.length !== ids.length) throw new AppError('not_found');
    const moved = await tx
      .update(questions)
      .set({
        categoryId: category.id,
        reviewStatus: 'unreviewed',
        reviewReason: '',
        reviewedBy: null,
        reviewedAt: null,
        version: sql`${questions.version} + 1`,
        updatedBy: userId,
        updatedAt: new Date(),
      })
      .where(inArray(questions.id, ids))
      .returning();
    for (const question of moved) {
      await recordQuestion(tx, question, { action: 'submit', userId });
      await passUnlessReviewed(tx, question, category);
    }
    return { count: moved.length };
  });
}
