import type { TCourseRanking, TCourseRankingRow } from '@app/contracts';
import type { Executor } from '@app/db';
import type { CourseCaller } from './course-access.queries.ts';
import { analyseStudents, loadMatrixFrame } from './course-matrix.queries.ts';

export interface RankingInput {
  course_id: number;
  class_id?: number;
  keyword?: string;
  sort: 'score' | 'progress' | 'seconds_spent' | 'overdue_count';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** A course score of 60 or more passes (the platform's usual pass mark; docs/courses.md "Course score"). */
const PASS_SCORE = 60;
const SCORE_BANDS = [
  [0, 59],
  [60, 69],
  [70, 79],
  [80, 89],
  [90, 100],
] as const;
const PROGRESS_BANDS = [
  [0, 24],
  [25, 49],
  [50, 74],
  [75, 99],
  [100, 100],
] as const;

const round1 = (value: number) => Math.round(value * 10) / 10;
const average = (values: readonly number[]) =>
  values.length === 0 ? null : round1(values.reduce((sum, v) => sum + v, 0) / values.length);

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return round1(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

const bandsOf = (bands: readonly (readonly [number, number])[], values: readonly number[]) =>
  bands.map(([from, to]) => ({
    from,
    to,
    // Scores are rounded to whole points for banding: 59.6 is in 60-69, as the page shows it.
    count: values.filter((v) => Math.round(v) >= from && Math.round(v) <= to).length,
  }));

/**
 * `/dataset-course/ranking`: the matrix's students of the selection with their rank by course score (1 = best; equal
 * scores share a rank; no score, no rank), sorted and paged; the summary and the bands are of the whole selection.
 */
export async function courseRanking(
  db: Executor,
  siteId: number,
  caller: CourseCaller,
  input: RankingInput,
  now = new Date(),
): Promise<Omit<TCourseRanking, 'page' | 'pageSize'>> {
  const frame = await loadMatrixFrame(db, siteId, caller, input, now);
  const analysed = await analyseStudents(db, siteId, frame, frame.students, now);
  const scores = analysed.flatMap((a) => (a.row.score === null ? [] : [a.row.score]));
  const rankByScore = new Map<number, number>();
  [...scores]
    .sort((a, b) => b - a)
    .forEach((score, index) => {
      if (!rankByScore.has(score)) rankByScore.set(score, index + 1);
    });
  const rankOf = (score: number | null) => (score === null ? null : (rankByScore.get(score) ?? null));
  const rows: TCourseRankingRow[] = analysed.map(({ row, behind }) => {
    const { cells: _cells, ...figures } = row;
    return { ...figures, rank: rankOf(row.score), behind };
  });
  const direction = input.order === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const left = a[input.sort];
    const right = b[input.sort];
    // Students without a score go last whichever the order.
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    return (left - right) * direction || a.username.localeCompare(b.username);
  });
  const offset = (input.page - 1) * input.pageSize;
  const progress = analysed.map((a) => a.row.progress);
  return {
    list: rows.slice(offset, offset + input.pageSize),
    total: rows.length,
    classes: frame.classes,
    summary: {
      student_count: analysed.length,
      scored_count: scores.length,
      average_score: average(scores),
      median_score: median(scores),
      pass_count: scores.filter((s) => s >= PASS_SCORE).length,
      average_progress: average(progress),
      behind_count: analysed.filter((a) => a.behind).length,
      not_started_count: analysed.filter((a) => !a.started).length,
    },
    score_bands: bandsOf(SCORE_BANDS, scores),
    progress_bands: bandsOf(PROGRESS_BANDS, progress),
  };
}
