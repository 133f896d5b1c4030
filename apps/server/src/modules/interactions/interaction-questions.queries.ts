import { autoGraded } from '@app/contracts';
import type { Executor } from '@app/db';
import { AppError } from '../../platform/errors.ts';
import { loadQuestionsById, type QuestionForUse } from '../question-bank/index.ts';
import { answerCaches } from './answer-caches.ts';

/** A question as an interaction shows and grades it. */
export type InteractionQuestion = QuestionForUse;

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
  const found = await loadQuestionsById(db, siteId, ids);
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
  const question = (await loadQuestionsById(db, siteId, [id])).get(id);
  if (question) cache.set(id, question);
  return question;
}
