import type { TExamCandidate, TMarkingAnswer, TQuestionSpec, TQuestionType } from '@app/contracts';
import { specOf } from '@app/contracts/question-answers.ts';

/** An answer's identity in the marking lists (an attempt answers a question once). */
export const answerKey = (a: Pick<TMarkingAnswer, 'attempt_id' | 'question_id'>) => `${a.attempt_id}:${a.question_id}`;

/** The key `step` places from `current` in `keys` (the first when current is not among them), or null past an end. */
export function neighbourKey(keys: readonly string[], current: string | null, step: 1 | -1): string | null {
  const at = current === null ? -1 : keys.indexOf(current);
  if (at < 0) return keys[0] ?? null;
  return keys[at + step] ?? null;
}

export type Rubric = NonNullable<TQuestionSpec['rubric']>;

/** The rubric the marker scores by (as the server reads the key: empty lines dropped), empty when none. */
export function rubricOf(type: TQuestionType, spec: TQuestionSpec | null | undefined): Rubric {
  return specOf(type, spec)?.rubric ?? [];
}

/**
 * The figures given per criterion, their most, and the points they make on the paper's scale: the question's
 * points in proportion, rounded down to the cent as the server does (5/6 + 3/4 of a 30-point question = 24).
 */
export function rubricTotal(figures: readonly (number | null)[], rubric: Rubric, maxPoints: number) {
  const given = figures.reduce<number>((sum, f) => sum + (f ?? 0), 0);
  const most = rubric.reduce((sum, c) => sum + c.points, 0);
  const points = most > 0 ? Math.floor(Math.round((given / most) * maxPoints * 1e6) / 1e4) / 100 : 0;
  return { given, most, points };
}

/** Whether a mark can be saved: points given, or every criterion of the rubric. */
export function markComplete(rubric: Rubric, points: number | null, figures: readonly (number | null)[]): boolean {
  if (rubric.length === 0) return points !== null;
  return rubric.every((_c, i) => figures[i] !== null && figures[i] !== undefined);
}

const MARKING_ORDER: Partial<Record<TExamCandidate['state'], number>> = { being_graded: 0, graded: 1, submitted: 2 };

/** The attempts that may hold answers to mark: waiting ones first, then graded and submitted, else in list order. */
export function attemptsToMark(candidates: readonly TExamCandidate[]): TExamCandidate[] {
  return candidates
    .filter((c) => c.attempt_id !== null && MARKING_ORDER[c.state] !== undefined)
    .map((c, i) => ({ c, i }))
    .sort((a, b) => MARKING_ORDER[a.c.state]! - MARKING_ORDER[b.c.state]! || a.i - b.i)
    .map(({ c }) => c);
}

/** A stem's plain text cut for a one-line label. */
export function shortText(text: string, max = 60): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}
