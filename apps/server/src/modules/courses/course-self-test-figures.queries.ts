import type { TCourseSelfTestFigures, TCourseTaskView } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { idList } from './course-work.queries.ts';

interface SelfTestRow {
  task_id: number;
  question_count: number;
  attempts: number | null;
  best_score: number | null;
  last_score: number | null;
}

/** To 2 decimals (scores are kept as `real`). */
export const round2 = (value: number) => Math.round(value * 100) / 100;

const figuresOf = (row: SelfTestRow): TCourseSelfTestFigures => ({
  question_count: Number(row.question_count),
  attempts: Number(row.attempts ?? 0),
  best_score: row.best_score === null ? null : round2(Number(row.best_score)),
  last_score: row.last_score === null ? null : round2(Number(row.last_score)),
});

/**
 * The student's views with `self_test` on each material task that has one: its number of questions and the
 * student's attempts, best and last score.
 */
export async function withSelfTests(
  db: Executor,
  siteId: number,
  userId: number,
  views: TCourseTaskView[],
): Promise<TCourseTaskView[]> {
  const ids = views.filter((view) => view.kind === 'material').map((view) => view.id);
  if (ids.length === 0) return views;
  const rows = await queryRows<SelfTestRow>(
    db,
    sql`select t.id as task_id, jsonb_array_length(t.self_test_question_ids) as question_count,
        s.attempts, s.best_score, s.last_score
      from course_tasks t
      left join course_self_tests s on s.task_id = t.id and s.user_id = ${userId}
      where t.site_id = ${siteId} and t.id in (${idList(ids)}) and jsonb_array_length(t.self_test_question_ids) > 0`,
  );
  const byTask = new Map(rows.map((row) => [Number(row.task_id), figuresOf(row)]));
  return views.map((view) => (byTask.has(view.id) ? { ...view, self_test: byTask.get(view.id)! } : view));
}

/** The student's figures on one task's self-test (none yet: no attempts). */
export async function selfTestFigures(
  db: Executor,
  userId: number,
  taskId: number,
  questionCount: number,
): Promise<TCourseSelfTestFigures> {
  const [row] = await queryRows<SelfTestRow>(
    db,
    sql`select task_id, ${questionCount}::int as question_count, attempts, best_score, last_score
      from course_self_tests where task_id = ${taskId} and user_id = ${userId}`,
  );
  return row ? figuresOf(row) : { question_count: questionCount, attempts: 0, best_score: null, last_score: null };
}
