import type { TQuestionDetail, TSimilarQuestion } from '@app/contracts';
import { schema } from '@app/db';
import type { TenantContext } from '../../platform/context.ts';
import { prepareQuestionContent } from './question-html.ts';
import {
  checkQuestionRefs,
  passUnlessReviewed,
  type QuestionInput,
  questionValues,
  recordQuestion,
  saveQuestionLinks,
} from './question-writes.ts';
import { questionDetail } from './questions.queries.ts';
import { similarQuestions } from './similar-questions.queries.ts';

export interface SavedQuestion {
  question: TQuestionDetail;
  /** Near-duplicates already in the organisation's bank (stem similarity at least 0.6), at most 5. */
  similar: TSimilarQuestion[];
}

/**
 * `/dataset-data/create` (and each row of an import, with `action: 'import'`): sanitises the HTML, checks the
 * question rules (the first broken one is the error), needs a passed category of the organisation
 * (`category_not_passed`) and labels and nodes of the organisation (`not_found`). The question starts
 * unreviewed at version 1 with a history line (passed at once where the organisation does not review questions);
 * the answer carries the near-duplicates found.
 */
export async function createQuestion(
  ctx: TenantContext,
  input: QuestionInput,
  options: { action?: 'create' | 'import' } = {},
): Promise<SavedQuestion> {
  const { siteId, userId } = ctx.session;
  const content = prepareQuestionContent(input);
  const id = await ctx.db.transaction(async (tx) => {
    const category = await checkQuestionRefs(tx, ctx.session, input);
    const [created] = await tx
      .insert(schema.questions)
      .values({
        siteId,
        ...questionValues(input, content),
        reviewStatus: 'unreviewed',
        version: 1,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning();
    await saveQuestionLinks(tx, created!.id, input);
    await recordQuestion(tx, created!, {
      action: options.action ?? 'create',
      userId,
      labelIds: input.label_ids,
      nodeIds: input.node_ids,
    });
    await passUnlessReviewed(tx, created!, category);
    return created!.id;
  });
  const [question, similar] = await Promise.all([
    questionDetail(ctx, id),
    similarQuestions(ctx.db, siteId, content.stemText, id),
  ]);
  return { question, similar };
}
