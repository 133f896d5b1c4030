import type { TCourseTaskView } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { idList } from './course-work.queries.ts';

/**
 * The student's views with `open_session_id` on each practice task they may work on: their latest unfinished
 * session of the task's set that counts for it (started at or after its open time), which the course home offers to
 * continue instead of starting another.
 */
export async function withOpenSessions(
  db: Executor,
  siteId: number,
  userId: number,
  views: TCourseTaskView[],
): Promise<TCourseTaskView[]> {
  const ids = views.filter((view) => view.kind === 'practice' && view.state !== 'locked').map((view) => view.id);
  if (ids.length === 0) return views;
  const rows = await queryRows<{ task_id: number; session_id: number }>(
    db,
    sql`select distinct on (t.id) t.id as task_id, s.id as session_id
      from course_tasks t
      join practice_sessions s on s.set_id = t.practice_set_id and s.site_id = t.site_id and s.user_id = ${userId}
        and s.finished_at is null and (t.open_at is null or s.started_at >= t.open_at)
      where t.site_id = ${siteId} and t.id in (${idList(ids)})
      order by t.id, s.id desc`,
  );
  const open = new Map(rows.map((row) => [Number(row.task_id), Number(row.session_id)]));
  return views.map((view) => (open.has(view.id) ? { ...view, open_session_id: open.get(view.id)! } : view));
}

/**
 * The student's views with, on each interact task they may work on, `open_run_id` (the run of its interaction open
 * now for one of their classes: the course home opens the live screen) and `last_run_id` (the latest ended run they
 * answered in: their result).
 */
export async function withInteractionRuns(
  db: Executor,
  siteId: number,
  userId: number,
  views: TCourseTaskView[],
): Promise<TCourseTaskView[]> {
  const ids = views.filter((view) => view.kind === 'interact' && view.interaction_id !== null).map((view) => view.id);
  if (ids.length === 0) return views;
  const rows = await queryRows<{ task_id: number; open_run_id: number | null; last_run_id: number | null }>(
    db,
    sql`select t.id as task_id,
        (select max(r.id) from interaction_runs r where r.interaction_id = t.interaction_id and r.status = 'open'
          and exists (select 1 from group_members gm join site_users su on su.id = gm.site_user_id
            where gm.kind = 'class' and su.user_id = ${userId} and su.site_id = ${siteId}
              and gm.group_id in (select jsonb_array_elements_text(r.class_ids)::bigint))) as open_run_id,
        (select max(r.id) from interaction_runs r where r.interaction_id = t.interaction_id and r.status = 'ended'
          and exists (select 1 from interaction_answers a where a.run_id = r.id and a.user_id = ${userId}))
          as last_run_id
      from course_tasks t where t.site_id = ${siteId} and t.id in (${idList(ids)})`,
  );
  const runs = new Map(rows.map((row) => [Number(row.task_id), row]));
  const num = (value: number | null | undefined) => (value == null ? null : Number(value));
  return views.map((view) => {
    const row = runs.get(view.id);
    if (!row) return view;
    const openRun = view.state === 'locked' ? null : num(row.open_run_id);
    return { ...view, open_run_id: openRun, last_run_id: num(row.last_run_id) };
  });
}
