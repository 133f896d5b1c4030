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
