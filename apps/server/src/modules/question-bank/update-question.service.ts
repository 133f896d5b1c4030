import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { SavedQuestion } from './create-question.service.ts';
import { prepareQuestionContent } from './question-html.ts';
import {
  checkQuestionRefs,
  linkedNodeIds,
  passUnlessReviewed,
  type QuestionInput,
  questionValues,
  recordQuestion,
  saveQuestionLinks,
} from './question-writes.ts';
import { loadQuestion, mayEdit, questionDetail } from './questions.queries.ts';
import { similarQuestions } from './similar-questions.queries.ts';

/**
 * `/dataset-data/update`: the author or a reviewer (`question_not_editable` otherwise) saves a new version; the
 * question goes back to unreviewed (its old review is dropped; passed again at once where the organisation does not
 * review questions) and the history gets an `update` line.
 */
export async function updateQuestion(
  ctx: TenantContext,
  input: QuestionInput & { id: number },
): Promise<SavedQuestion> {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const current = await loadQuestion(tx, siteId, input.id, true);
    if (!mayEdit(ctx, current)) throw new AppError('question_not_editable');
    const content = prepareQuestionContent(input);
    const category = await checkQuestionRefs(tx, ctx.session, input, await linkedNodeIds(tx, current.id));
    const [updated] = await tx
      .update(schema.questions)
      .set({
        ...questionValues(input, content),
        reviewStatus: 'unreviewed',
        reviewReason: '',
        reviewedBy: null,
        reviewedAt: null,
        version: current.version + 1,
        updatedBy: userId,
        updatedAt: new Date(),
      })
      .where(eq(schema.questions.id, current.id))
      .returning();
    await saveQuestionLinks(tx, current.id, input);
    await recordQuestion(tx, updated!, {
      action: 'update',
      userId,
      labelIds: input.label_ids,
      nodeIds: input.node_ids,
    });
    await passUnlessReviewed(tx, updated!, category);
  });
  const question = await questionDetail(ctx, input.id);
  const similar = await similarQuestions(ctx.db, siteId, question.stem_text, input.id);
  return { question, similar };
}
