import type { TQuestionSpec } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { TransferQuestion } from './formats/types.ts';

const { questions, questionCategories } = schema;

/** The category questions are imported into: of the organisation (not_found) and passed (category_not_passed). */
export async function requirePassedCategory(db: Executor, siteId: number, categoryId: number): Promise<void> {
  const [category] = await db
    .select({ reviewStatus: questionCategories.reviewStatus })
    .from(questionCategories)
    .where(and(eq(questionCategories.siteId, siteId), eq(questionCategories.id, categoryId)));
  if (!category) throw new AppError('not_found');
  if (category.reviewStatus !== 'passed') throw new AppError('category_not_passed');
}

/** The organisation's questions with these ids as the formats write them (the key too), in the order of the ids. */
export async function questionsForExport(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<TransferQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      options: questions.options,
      spec: questions.spec,
      analysis: questions.analysis,
      difficulty: questions.difficulty,
      source: questions.source,
      setter: questions.setter,
    })
    .from(questions)
    .where(and(eq(questions.siteId, siteId), inArray(questions.id, [...ids])));
  const byId = new Map(
    rows.map(({ id, spec, ...question }) => [id, { ...question, spec: (spec as TQuestionSpec | null) ?? null }]),
  );
  return ids.flatMap((id) => {
    const question = byId.get(id);
    return question ? [question] : [];
  });
}
