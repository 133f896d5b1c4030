import {
  isChoiceType,
  markedByHand,
  placeableCount,
  responseGiven,
  specOf,
  type TAnswerResponse,
} from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { gradeAnswer } from '../exam-taking/index.ts';
import type { PracticeQuestion } from './practice-questions.ts';

/** What a learner sends: `chosen` for choices, `response` for the other types. */
export interface PracticeAnswerInput {
  chosen?: number[] | undefined;
  response?: TAnswerResponse | undefined;
}

/** An answer as kept and graded: `share` of full marks (0-1), correct only with all of them. */
export interface GradedPracticeAnswer {
  chosen: number[];
  response: TAnswerResponse | null;
  share: number;
  correct: boolean;
}

/** A kept answer's share: as kept, or for answers kept before shares were (choices) 1 when correct. */
export const shareOf = (answer: { share: number | null; correct: boolean }) => answer.share ?? (answer.correct ? 1 : 0);

/** Grades on this many points, so the share keeps 4 decimals after the exams' rounding down to the cent. */
const SHARE_POINTS = 100;

/** The one field of `response` each type answers with. */
const RESPONSE_FIELD = { blank: 'texts', short: 'text', numerical: 'text', matching: 'order', ordering: 'order' };

/**
 * Why an answer does not fit its question, or null. Choices take `chosen` and no response; the other types their own
 * field of `response` and nothing else, holding something: a text per blank; matching one key (or -1) per left item,
 * each among its items; ordering every item's key once.
 */
export function answerMisfit(question: PracticeQuestion, input: PracticeAnswerInput): string | null {
  if (isChoiceType(question.type)) {
    if (input.response !== undefined) return 'response_for_choice';
    return input.chosen === undefined ? 'chosen_required' : null;
  }
  if (input.chosen !== undefined) return 'chosen_for_choices_only';
  const response = input.response;
  if (!response) return 'response_required';
  const field = RESPONSE_FIELD[question.type as keyof typeof RESPONSE_FIELD];
  const given = Object.entries(response).filter(([, value]) => value !== undefined);
  if (given.some(([name]) => name !== field)) return 'fields_of_another_type';
  if (!responseGiven(response)) return 'empty';
  const spec = specOf(question.type, question.spec) ?? {};
  const order = response.order ?? [];
  if (question.type === 'blank' && response.texts?.length !== (spec.blanks ?? []).length) return 'blank_count';
  if (question.type === 'matching') {
    const keys = placeableCount(question.type, spec);
    if (order.length !== (spec.pairs ?? []).length || order.some((key) => key >= keys)) return 'matching_keys';
  }
  if (question.type === 'ordering') {
    const n = (spec.items ?? []).length;
    if (order.length !== n || new Set(order).size !== n || order.some((key) => key < 0 || key >= n)) {
      return 'ordering_keys';
    }
  }
  return null;
}

/**
 * Grades a practice answer with the exams' grading (`gradeAnswer`, no partial credit for choices). A question a
 * teacher marks (edited since the session drew it) answers practice_question_by_hand; an answer that does not fit
 * the question practice_answer_invalid with the reason in `details`.
 */
export function gradePracticeAnswer(question: PracticeQuestion, input: PracticeAnswerInput): GradedPracticeAnswer {
  if (markedByHand(question.type, question.spec)) throw new AppError('practice_question_by_hand');
  const reason = answerMisfit(question, input);
  if (reason) throw new AppError('practice_answer_invalid', {}, { reason });
  const choice = isChoiceType(question.type);
  const chosen = choice ? [...new Set(input.chosen)].sort((a, b) => a - b) : [];
  const response = choice ? null : (input.response ?? null);
  const graded = gradeAnswer(
    {
      questionId: question.id,
      type: question.type,
      options: question.options,
      spec: question.spec,
      points: SHARE_POINTS,
    },
    { chosen, response },
    false,
  );
  const share = (graded.earned ?? 0) / SHARE_POINTS;
  return { chosen, response, share, correct: graded.correct === true };
}
