import { autoGraded, type TQuestionSpec } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { QuestionOption, QuestionType } from '@app/db/schema/index.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { answerCaches } from './answer-caches.ts';

const { questions } = schema;

/** A question as an interaction shows and grades it. */
export interface InteractionQuestion {
  id: number;
  type: QuestionType;
  stem: string;
  stemText: string;
  options: QuestionOption[];
  spec: TQuestionSpec | null;
  reviewStatus: string;
  createdBy: number | null;
}

/** The organisation's questions of these ids (those that exist), by id. */
export async function loadInteractionQuestions(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<Map<number, InteractionQuestion>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      stemText: questions.stemText,
      options: questions.options,
      spec: questions.spec,
      reviewStatus: questions.reviewStatus,
      createdBy: questions.createdBy,
    })
    .from(questions)
    .where(and(eq(questions.siteId, siteId), inArray(questions.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row as InteractionQuestion]));
}

/**
 * The questions an interaction may hold: of the organisation, graded by the machine, and passed or the author's own
 * (a question written on the spot waits for review but serves its author's class at once). Any other answers
 * interaction_question_unusable naming them.
 */
export async function requireUsableQuestions(
  db: Executor,
  siteId: number,
  userId: number,
  ids: readonly number[],
): Promise<Map<number, InteractionQuestion>> {
  const found = await loadInteractionQuestions(db, siteId, ids);
  const bad = ids.filter((id) => {
    const question = found.get(id);
    return (
      !question ||
      !autoGraded(question.type, question.spec) ||
      (question.reviewStatus !== 'passed' && question.createdBy !== userId)
    );
  });
  if (bad.length > 0) {
    throw new AppError('interaction_question_unusable', { ids: [...new Set(bad)].join(', ') }, { question_ids: bad });
  }
  return found;
}

/** One question of the organisation, from this process's short cache when it has it (answers, views). */
export async function cachedQuestion(
  db: Executor,
  siteId: number,
  id: number,
): Promise<InteractionQuestion | undefined> {
  const cache = answerCaches(db).questions;
  const hit = cache.get(id);
  if (hit) return hit;
  const question = (await loadInteractionQuestions(db, siteId, [id])).get(id);
  if (question) cache.set(id, question);
  return question;
}
