import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { groupRows } from '../../platform/group-rows.ts';
import { interactRunScoresSql } from './course-interact-work.queries.ts';
import { liveAttendanceSql } from './course-live-work.queries.ts';
import { idList, outcomeOf, type TaskColumns, type TaskOutcome } from './course-work.queries.ts';

/**
 * What one student did of one task: a progress row (p), practice sessions (s), exam attempts (e), runs (i) or stays
 * in a live room (l).
 */
export interface ClassWorkSql {
  src: 'p' | 's' | 'e' | 'i' | 'l';
  task_id: number;
  user_id: number;
  status: string | null;
  progress: number | null;
  score: number | null;
  seconds: number | null;
  finished: boolean | null;
  best: string | number | null;
}

/**
 * The work of many students on the tasks of one or more courses in one read, by the rules of `taskOutcomes`
 * (course-work.queries.ts): only cells somebody worked on come back, so a class that has done little costs little.
 * The matrix and the class comparisons read it; `outcomesFromWork` turns one student's rows into outcomes.
 */
export function classWorkOf(db: Executor, siteId: number, courseIds: readonly number[], userIds: readonly number[]) {
  if (courseIds.length === 0 || userIds.length === 0) return Promise.resolve([] as ClassWorkSql[]);
  const users = idList(userIds);
  const courses = idList(courseIds);
  return queryRows<ClassWorkSql>(
    db,
    sql`select 'p' as src, p.task_id, p.user_id, p.status, p.progress, p.score, p.seconds_spent as seconds,
        null::boolean as finished, null::numeric as best
      from course_task_progress p
      where p.site_id = ${siteId} and p.course_id in (${courses}) and p.user_id in (${users})
      union all
      select 's', t.id, s.user_id, null, null, null, null, bool_or(s.finished_at is not null),
        max(s.correct_count * 100.0 / nullif(jsonb_array_length(s.question_ids), 0))
          filter (where s.finished_at is not null)
      from course_tasks t
      join practice_sessions s on s.set_id = t.practice_set_id and s.site_id = t.site_id
        and s.user_id in (${users}) and (t.open_at is null or s.started_at >= t.open_at)
      where t.site_id = ${siteId} and t.course_id in (${courses}) and t.kind = 'practice'
      group by t.id, s.user_id
      union all
      select 'e', t.id, a.user_id, null, null, null, null, bool_or(a.status <> 'in_progress'),
        max(a.score) filter (where a.status = 'graded')
      from course_tasks t
      join exam_attempts a on a.exam_id = t.exam_id and a.site_id = t.site_id and a.user_id in (${users})
      where t.site_id = ${siteId} and t.course_id in (${courses}) and t.kind in ('exam', 'random_exam', 'homework')
      group by t.id, a.user_id
      union all
      select 'i', t.id, w.user_id, null, null, null, null, bool_or(w.ended), max(w.score) filter (where w.ended)
      from course_tasks t
      join (${interactRunScoresSql(
        sql`r.site_id = ${siteId} and r.course_id in (${courses}) and a.user_id in (${users})`,
      )}) w on w.interaction_id = t.interaction_id
      where t.site_id = ${siteId} and t.course_id in (${courses}) and t.kind = 'interact'
      group by t.id, w.user_id
      union all
      select 'l', t.id, w.user_id, null, null, null, null, true, w.score
      from course_tasks t
      join (${liveAttendanceSql(
        sql`r.site_id = ${siteId} and a.user_id in (${users}) and a.room_id in (select lt.live_room_id
          from course_tasks lt where lt.site_id = ${siteId} and lt.course_id in (${courses}) and lt.kind = 'live')`,
      )}) w on w.room_id = t.live_room_id
      where t.site_id = ${siteId} and t.course_id in (${courses}) and t.kind = 'live'`,
  );
}

/** One student's outcomes of the tasks (in course order) from their rows of `classWorkOf`. */
export function outcomesFromWork(tasks: readonly TaskColumns[], work: readonly ClassWorkSql[]): TaskOutcome[] {
  const byTask = groupRows(work, (item) => Number(item.task_id));
  return tasks.map((task) => {
    const items = byTask.get(Number(task.id)) ?? [];
    const p = items.find((item) => item.src === 'p');
    const s = items.find((item) => item.src === 's');
    const e = items.find((item) => item.src === 'e');
    const i = items.find((item) => item.src === 'i');
    const l = items.find((item) => item.src === 'l');
    return outcomeOf(task, {
      p_status: p?.status ?? null,
      p_progress: p?.progress ?? null,
      p_score: p?.score ?? null,
      p_seconds: p?.seconds ?? null,
      ps_finished: s ? s.finished : null,
      ps_started: s ? true : null,
      ps_best: s?.best ?? null,
      ea_submitted: e ? e.finished : null,
      ea_started: e ? true : null,
      ea_best: e?.best ?? null,
      ia_done: i ? i.finished : null,
      ia_started: i ? true : null,
      ia_best: i?.best ?? null,
      la_started: l ? true : null,
      la_best: l?.best ?? null,
    });
  });
}

/** How many of the tasks are already due: the matrix's `behind` is fewer tasks done than this. */
export function dueCount(tasks: readonly Pick<TaskColumns, 'due_at'>[], now: Date): number {
  return tasks.filter((task) => task.due_at !== null && new Date(task.due_at).getTime() < now.getTime()).length;
}
