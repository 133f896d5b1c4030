import type { TJobRecord } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const person = (id: unknown, nickname: unknown) =>
  id === null || id === undefined ? null : { id: Number(id), nickname: String(nickname ?? '') };

interface RecordsInput {
  page: number;
  pageSize: number;
  job_id?: number | undefined;
  task_id?: number | undefined;
  project_id?: number | undefined;
}

/**
 * `/work/records`: operation records, newest first. A job's records include those of the review jobs judging it;
 * a task's or project's are all of theirs. At least one id is required (`invalid_input`); an id of another
 * organisation is `not_found`.
 */
export async function listRecords(db: Executor, siteId: number, input: RecordsInput) {
  const { job_id: jobId, task_id: taskId, project_id: projectId } = input;
  if (jobId === undefined && taskId === undefined && projectId === undefined) {
    throw new AppError(
      'invalid_input',
      { fields: 'job_id: required' },
      { fields: [{ field: 'job_id', code: 'required' }] },
    );
  }
  const checks: SQL[] = [];
  const owned = (table: string, id: number | undefined) => {
    if (id !== undefined) {
      checks.push(sql`exists (select 1 from ${sql.raw(table)} where id = ${id} and site_id = ${siteId})`);
    }
  };
  owned('jobs', jobId);
  owned('tasks', taskId);
  owned('projects', projectId);
  const [found] = await queryRows<{ ok: boolean }>(db, sql`select (${sql.join(checks, sql` and `)}) as ok`);
  if (!found?.ok) throw new AppError('not_found');

  const parts: SQL[] = [sql`e.site_id = ${siteId}`];
  if (jobId !== undefined) {
    parts.push(sql`(e.job_id = ${jobId} or e.job_id in (select id from jobs where subject_job_id = ${jobId}))`);
  }
  if (taskId !== undefined) parts.push(sql`e.task_id = ${taskId}`);
  if (projectId !== undefined) parts.push(sql`e.project_id = ${projectId}`);
  const where = sql.join(parts, sql` and `);
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from job_events e where ${where}`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.id, e.job_id, d.name as item_name, s.name as step_name, e.action, e.actor_id, au.nickname as actor_name,
        e.operator_id, ou.nickname as operator_name, e.from_status, e.to_status, e.reason, e.created_at
      from job_events e join jobs j on j.id = e.job_id join data_items d on d.id = j.data_item_id
        join steps s on s.id = e.step_id
        left join users au on au.id = e.actor_id
        left join users ou on ou.id = e.operator_id
      where ${where}
      order by e.id desc
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const list: TJobRecord[] = rows.map((r) => ({
    id: Number(r.id),
    job_id: Number(r.job_id),
    item_name: String(r.item_name),
    step_name: String(r.step_name),
    action: r.action as TJobRecord['action'],
    actor: person(r.actor_id, r.actor_name),
    operator: person(r.operator_id, r.operator_name),
    from_status: (r.from_status ?? null) as TJobRecord['from_status'],
    to_status: (r.to_status ?? null) as TJobRecord['to_status'],
    reason: (r.reason as string | null) ?? null,
    created_at: new Date(r.created_at as string).toISOString(),
  }));
  return { list, total: count?.total ?? 0, page: input.page, pageSize: input.pageSize };
}
