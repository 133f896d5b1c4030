import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { writeNotices } from '../../platform/notices.ts';

/**
 * Tells the people of a project's released tasks (directly or through a team group, active members) that they have
 * a new task: one notice per person and task. Answers the push to run after commit.
 */
export async function noticeReleasedTasks(tx: Executor, siteId: number, projectId: number) {
  const rows = await queryRows<{ user_id: number; task_id: number; task_name: string; project_name: string }>(
    tx,
    sql`select distinct coalesce(tp.user_id, su.user_id) as user_id, t.id as task_id, t.name as task_name,
        p.name as project_name
      from tasks t join projects p on p.id = t.project_id join task_people tp on tp.task_id = t.id
        left join group_members gm on gm.group_id = tp.group_id
        left join site_users su on su.id = gm.site_user_id and su.status = 'active'
      where t.project_id = ${projectId} and t.status = 'released' and coalesce(tp.user_id, su.user_id) is not null`,
  );
  return writeNotices(
    tx,
    siteId,
    rows.map((r) => ({
      userId: Number(r.user_id),
      kind: 'task_assigned' as const,
      params: { task_id: Number(r.task_id), task: r.task_name, project: r.project_name },
    })),
  );
}
