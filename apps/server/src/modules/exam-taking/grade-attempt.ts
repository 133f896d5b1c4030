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
  type: QuestionType,
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
  points: number;
}

export interface AttemptGrade {
  perQuestion: Map<number, GradedQuestion & { answered: boolean }>;
  score: number;
  passed: boolean;
}

/** Grades a paper against the saved answers: the score (2 decimals) and passed = score ≥ pass score. */
export function gradeAttempt(
  paper: readonly GradingQuestion[],
  answers: ReadonlyMap<number, readonly number[]>,
  rules: { partialCredit: boolean; passScore: number },
): AttemptGrade {
  const perQuestion = new Map<number, GradedQuestion & { answered: boolean }>();
  let total = 0;
  for (const question of paper) {
    const chosen = answers.get(question.questionId) ?? null;
    const graded = gradeQuestion(question.type, question.options, chosen, question.points, rules.partialCredit);
    perQuestion.set(question.questionId, { ...graded, answered: chosen !== null && chosen.length > 0 });
    total += cents(graded.earned);
  }
  const score = total / 100;
  return { perQuestion, score, passed: total >= cents(rules.passScore) };
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
