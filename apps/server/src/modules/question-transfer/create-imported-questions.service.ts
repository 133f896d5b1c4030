import { type TQuestionImportRow, ZQuestionInput } from '@app/contracts';
import { schema } from '@app/db';
import { translate } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import {
  checkQuestionRefs,
  type PreparedContent,
  prepareQuestionContent,
  type QuestionInput,
  questionValues,
  recordQuestion,
} from '../question-bank/index.ts';
import type { TransferQuestion } from './formats/types.ts';

/** Questions inserted per statement. */
const INSERT_CHUNK = 200;

interface Ready {
  row: number;
  input: QuestionInput;
  content: PreparedContent;
}

/**
 * Creates the questions read from a file as `/dataset-data/create` would (the same sanitising and rules through
 * `prepareQuestionContent`, the same columns and an `import` history line), in one transaction with batch inserts.
 * What the create answers besides (the question's detail, near-duplicates) is not looked up, so a large file stays
 * quick. Each question breaking a rule or a length limit comes back as a failed row with the message in the
 * caller's language (a key the zod shape refuses is `invalid_input`, a broken key rule its `question_*` code); the rows
 * keep the file's order.
 */
export async function createImportedQuestions(
  ctx: TenantContext,
  categoryId: number,
  questions: readonly { row: number; question: TransferQuestion }[],
): Promise<TQuestionImportRow[]> {
  const { siteId, userId } = ctx.session;
  const results = new Map<number, TQuestionImportRow>();
  const ready: (Ready & { index: number })[] = [];
  questions.forEach(({ row, question }, index) => {
    // The key goes in as the editor sends it: the bank keeps its type's fields and checks its rules.
    const parsed = ZQuestionInput.safeParse({ ...question, spec: question.spec ?? null, category_id: categoryId });
    if (!parsed.success) {
      const error = invalidInput(parsed.error, ctx.lang);
      results.set(index, { row, ok: false, error: error.code, message: String(error.params.fields) });
      return;
    }
    try {
      ready.push({ row, index, input: parsed.data, content: prepareQuestionContent(parsed.data) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = translate(ctx.lang, `errors.${error.code}`, error.params);
      results.set(index, { row, ok: false, error: error.code, message });
    }
  });
  if (ready.length) {
    await ctx.db.transaction(async (tx) => {
      await checkQuestionRefs(tx, ctx.session, { ...ready[0]!.input, label_ids: [], node_ids: [] });
      for (let start = 0; start < ready.length; start += INSERT_CHUNK) {
        const part = ready.slice(start, start + INSERT_CHUNK);
        const created = await tx
          .insert(schema.questions)
          .values(
            part.map(({ input, content }) => ({
              siteId,
              ...questionValues(input, content),
              reviewStatus: 'unreviewed' as const,
              version: 1,
              createdBy: userId,
              updatedBy: userId,
            })),
          )
          .returning();
        for (const [i, question] of created.entries()) {
          await recordQuestion(tx, question, { action: 'import', userId, labelIds: [], nodeIds: [] });
          const { row, index } = part[i]!;
          results.set(index, { row, ok: true, question_id: question.id });
        }
      }
    });
  }
  return questions.map((_, index) => results.get(index)!);
}
