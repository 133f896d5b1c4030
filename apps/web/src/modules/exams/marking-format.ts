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

/** A second mark is far from the first when they differ by more than this share of the question's points. */
export const LARGE_GAP_SHARE = 0.2;

type Marks = Pick<TMarkingAnswer, 'points' | 'second_points' | 'max_points'>;

/** The second mark less the first, and whether that is far (over LARGE_GAP_SHARE); null until both are given. */
export function markGap(a: Marks): { difference: number; large: boolean } | null {
  if (a.points === null || a.second_points === null) return null;
  const difference = Math.round((a.second_points - a.points) * 100) / 100;
  return { difference, large: Math.abs(difference) > a.max_points * LARGE_GAP_SHARE + 1e-9 };
}

/** Where an answer stands for a second mark: not chosen, waiting for it, given, given far from the first. */
export type SecondState = 'none' | 'waiting' | 'given' | 'apart';

export function secondState(a: Marks & Pick<TMarkingAnswer, 'second_wanted'>): SecondState {
  if (!a.second_wanted) return 'none';
  if (a.second_points === null) return 'waiting';
  return markGap(a)?.large ? 'apart' : 'given';
}

/**
 * "Candidate N" under blind marking: attempts numbered by id (the order they were started), so a number stays the
 * same in every listing, mode and the look-alike pairs, whatever is marked meanwhile.
 */
export function candidateNumbers(attemptIds: readonly number[]): Map<number, number> {
  return new Map([...new Set(attemptIds)].sort((a, b) => a - b).map((id, i) => [id, i + 1]));
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/g;

/** A text folded for comparing (lower case, each run of spaces one space) and where each folded unit came from. */
function folded(text: string): { text: string; from: number[] } {
  let out = '';
  const from: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      if (out.endsWith(' ')) continue;
      out += ' ';
    } else {
      const lower = c.toLowerCase();
      out += lower.length === 1 ? lower : c;
    }
    from.push(i);
  }
  return { text: out, from };
}

/**
 * The text cut into parts, `shared` where it lies in a run of characters the other text has too (case and kinds of
 * space aside): 6 characters in a row for mostly Chinese or Japanese text, 12 otherwise (a few common words are no
 * sign). Only a reading aid beside the server's trigram measure.
 */
export function sharedParts(text: string, other: string): { text: string; shared: boolean }[] {
  const letters = text.replace(/\s/g, '').length;
  const run = letters > 0 && (text.match(CJK)?.length ?? 0) / letters > 0.3 ? 6 : 12;
  const mine = folded(text);
  const theirs = folded(other).text;
  const windows = new Set<string>();
  for (let i = 0; i + run <= theirs.length; i++) windows.add(theirs.slice(i, i + run));
  const shared = new Array<boolean>(text.length).fill(false);
  for (let i = 0; i + run <= mine.text.length; i++) {
    if (windows.has(mine.text.slice(i, i + run))) shared.fill(true, mine.from[i], mine.from[i + run - 1]! + 1);
  }
  const parts: { text: string; shared: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.shared === shared[i]) last.text += text[i];
    else parts.push({ text: text[i]!, shared: shared[i]! });
  }
  return parts;
}
