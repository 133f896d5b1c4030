import {
  isChoiceType,
  responseGiven,
  responseShare,
  type TAnswerResponse,
  type TChoiceType,
  type TQuestionSpec,
} from '@app/contracts';
import type { QuestionOption, QuestionType } from '@app/db/schema/index.ts';

/** Cents: scores are kept to 2 decimals, so sums are done on integers. */
const cents = (value: number) => Math.round(value * 100);

/** The 0-based positions of the correct options. */
export const correctKeys = (options: readonly Pick<QuestionOption, 'correct'>[]) =>
  options.flatMap((option, index) => (option.correct ? [index] : []));

export interface GradedQuestion {
  /** The answer names exactly the correct options. */
  correct: boolean;
  /** Points earned (2 decimals). */
  earned: number;
}

/**
 * Grades one objective question. Single choice and judge: right (all the points) or wrong (none). Multiple choice:
 * all-or-nothing, unless `partialCredit`: then points × (correct options chosen / correct options), and nothing
 * as soon as one wrong option is chosen. No answer (null or empty) earns nothing.
 */
export function gradeQuestion(
  type: TChoiceType,
  options: readonly Pick<QuestionOption, 'correct'>[],
  chosen: readonly number[] | null,
  points: number,
  partialCredit: boolean,
): GradedQuestion {
  const right = correctKeys(options);
  const picked = [...new Set(chosen ?? [])].sort((a, b) => a - b);
  const exact = picked.length === right.length && right.every((key, i) => key === picked[i]);
  if (exact && picked.length > 0) return { correct: true, earned: points };
  if (type !== 'multiple' || !partialCredit || picked.length === 0 || right.length === 0) {
    return { correct: false, earned: 0 };
  }
  if (picked.some((key) => !right.includes(key))) return { correct: false, earned: 0 };
  return { correct: false, earned: Math.floor((cents(points) * picked.length) / right.length) / 100 };
}

export interface GradingQuestion {
  questionId: number;
  type: QuestionType;
  options: readonly Pick<QuestionOption, 'correct'>[];
  spec: TQuestionSpec | null;
  points: number;
}

/** What a candidate saved for a question: the chosen options, or the answer to a question that is not a choice. */
export interface SavedResponse {
  chosen: readonly number[];
  response: TAnswerResponse | null;
}

/** A graded answer; `byHand` answers wait for a teacher (correct and earned null). */
export interface GradedAnswer {
  correct: boolean | null;
  earned: number | null;
  answered: boolean;
  byHand: boolean;
}

/**
 * Grades one answer of any type: choices as `gradeQuestion` does; the other types earn their share of the points
 * (`responseShare`, rounded down to the cent) and are correct with the whole of them; an essay or a short answer
 * marked by hand that holds something waits for a teacher.
 */
export function gradeAnswer(
  question: GradingQuestion,
  saved: SavedResponse | null,
  partialCredit: boolean,
): GradedAnswer {
  if (isChoiceType(question.type)) {
    const chosen = saved?.chosen ?? null;
    const graded = gradeQuestion(question.type, question.options, chosen, question.points, partialCredit);
    return { ...graded, answered: chosen !== null && chosen.length > 0, byHand: false };
  }
  const answered = responseGiven(saved?.response);
  const share = responseShare(question.type, question.spec, saved?.response);
  if (share === null) return { correct: null, earned: null, answered, byHand: true };
  return { correct: share === 1, earned: Math.floor(cents(question.points) * share) / 100, answered, byHand: false };
}

export interface AttemptGrade {
  perQuestion: Map<number, GradedAnswer>;
  /** The points of the graded answers (2 decimals). */
  score: number;
  /** Some answers wait for a teacher: no score or pass yet (`being_graded`). */
  waiting: boolean;
  passed: boolean;
}

/**
 * Grades a paper against the saved answers: the score (2 decimals, less the late penalty of late homework) and
 * passed = score ≥ pass score.
 */
export function gradeAttempt(
  paper: readonly GradingQuestion[],
  answers: ReadonlyMap<number, SavedResponse>,
  rules: { partialCredit: boolean; passScore: number; latePenalty?: number },
): AttemptGrade {
  const perQuestion = new Map<number, GradedAnswer>();
  let total = 0;
  let waiting = false;
  for (const question of paper) {
    const graded = gradeAnswer(question, answers.get(question.questionId) ?? null, rules.partialCredit);
    perQuestion.set(question.questionId, graded);
    total += cents(graded.earned ?? 0);
    waiting ||= graded.byHand;
  }
  const score = lessPenalty(total / 100, rules.latePenalty ?? 0);
  return { perQuestion, score, waiting, passed: !waiting && cents(score) >= cents(rules.passScore) };
}

/** A score less a late penalty of `percent` (rounded down to the cent). */
export const lessPenalty = (score: number, percent: number) =>
  percent <= 0 ? score : Math.floor((cents(score) * (100 - percent)) / 100) / 100;

/**
 * The points of an attempt's answers added up, less the late penalty when homework came in late, and whether that
 * reaches the pass score (sums on cents).
 */
export function totalOf(
  points: readonly number[],
  passScore: number,
  latePenalty = 0,
): { score: number; passed: boolean } {
  const score = lessPenalty(points.reduce((sum, p) => sum + cents(p), 0) / 100, latePenalty);
  return { score, passed: cents(score) >= cents(passScore) };
}

/**
 * Splits the total score over `count` questions: each gets total / count rounded to 2 decimals, the last one
 * takes what is left so that the points add up to the total exactly.
 */
export function splitPoints(totalScore: number, count: number): number[] {
  if (count <= 0) return [];
  const total = cents(totalScore);
  const each = Math.round(total / count);
  const points = Array.from({ length: count }, () => each / 100);
  points[count - 1] = (total - each * (count - 1)) / 100;
  return points;
}
