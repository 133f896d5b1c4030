import { type AnswerInput, answerMisfit, isChoiceType, markedByHand, type TAnswerResponse } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { gradeAnswer } from '../exam-taking/index.ts';
import type { PracticeQuestion } from './practice-questions.ts';

/** What a learner sends: `chosen` for choices, `response` for the other types. */
export type PracticeAnswerInput = AnswerInput;

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
