import { createHash } from 'node:crypto';
import { isChoiceType, type TInteractQuestion } from '@app/contracts';
import type { schema } from '@app/db';
import { correctKeys, gradeAnswer, keyContent, keyCount, paperLayout } from '../exam-taking/index.ts';
import type { InteractionQuestion } from './interaction-questions.queries.ts';

export type RunRecord = typeof schema.interactionRuns.$inferSelect;
export type QuestionState = RunRecord['questionState'];

/** The current question's state now: an open question past its deadline is closed, whether or not saved so yet. */
export function stateNow(run: Pick<RunRecord, 'questionState' | 'questionDeadline'>, now: Date): QuestionState {
  if (run.questionState === 'open' && run.questionDeadline !== null && run.questionDeadline <= now) return 'closed';
  return run.questionState;
}

/** Milliseconds left on the open current question (null: no limit, or not open). */
export function remainingMs(run: Pick<RunRecord, 'questionState' | 'questionDeadline'>, now: Date): number | null {
  if (stateNow(run, now) !== 'open' || run.questionDeadline === null) return null;
  return Math.max(0, run.questionDeadline.getTime() - now.getTime());
}

const rank = (seed: string, key: number) => createHash('sha1').update(`${seed}:${key}`).digest().readUInt32BE(0);

/**
 * The order a run shows a question's keys in, the same on every screen (the projector and the phones): choices as
 * written (A, B, C… as the teacher reads them out); matching and ordering shuffled by the run and the question's
 * place, an ordering never shown already in order.
 */
export function runOrder(question: InteractionQuestion, runId: number, index: number): number[] {
  const natural = Array.from({ length: keyCount(question) }, (_, i) => i);
  if (question.type !== 'matching' && question.type !== 'ordering') return natural;
  const seed = `${runId}:${index}`;
  const order = [...natural].sort((a, b) => rank(seed, a) - rank(seed, b) || a - b);
  if (question.type === 'ordering' && order.length > 1 && order.every((key, i) => key === i))
    order.push(order.shift()!);
  return order;
}

/** The question as students see it: no key. */
export function shownQuestion(
  question: InteractionQuestion,
  runId: number,
  index: number,
  points: number,
): TInteractQuestion {
  return {
    index,
    id: question.id,
    type: question.type,
    stem: question.stem,
    points,
    options: runOrder(question, runId, index).map((key) => ({ key, content: keyContent(question, key) ?? '' })),
    layout: paperLayout(question),
  };
}

/** The key the teacher sees, and students once revealed. */
export const keyOf = (question: InteractionQuestion) => ({
  correct_options: isChoiceType(question.type) ? correctKeys(question.options) : null,
  spec: isChoiceType(question.type) ? null : question.spec,
});

/**
 * An answer's share of the question (0..1) and points: the share of the points, and with speed points Kahoot's
 * rule on top — points × (1 − elapsed / limit / 2), so an instant answer earns all of them and one at the last
 * second half (questions without a limit earn all of them).
 */
export function gradeInteractAnswer(
  question: InteractionQuestion,
  answer: { chosen: readonly number[]; response: unknown },
  item: { points: number; seconds: number },
  speedPoints: boolean,
  elapsedMs: number,
): { share: number; correct: boolean; points: number } {
  // Graded on the item's own points, so a share is taken of them exactly as an exam does (2 of 3 blanks of 90 = 60).
  const base = item.points > 0 ? item.points : 1;
  const graded = gradeAnswer(
    { questionId: question.id, type: question.type, options: question.options, spec: question.spec, points: base },
    { chosen: answer.chosen, response: (answer.response ?? null) as never },
    true,
  );
  const earned = Math.max(0, Math.min(base, graded.earned ?? 0));
  const limitMs = item.seconds * 1000;
  const speed = speedPoints && limitMs > 0 ? 1 - Math.min(elapsedMs, limitMs) / limitMs / 2 : 1;
  return {
    share: earned / base,
    correct: graded.correct === true,
    points: item.points > 0 ? Math.round(earned * speed) : 0,
  };
}
