import type { TTaskDetail, TTeamTaskRow } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { rawMoment } from '../../platform/raw-moment.ts';
import { isAssigned } from '../jobs/index.ts';

const iso = (value: unknown) => rawMoment(value) as string;

/** Task columns with people and job counts (decided review jobs stay `submitted`, so they count there). */
const TASK_SELECT = sql`select t.id, t.name, t.project_id, p.name as project_name, t.step_id, s.name as step_name,
    s.type as step_type, t.batch_id, b.name as batch_name, t.start_at, t.end_at, t.status, t.claim_size,
    t.lease_seconds, t.target,
    (select count(*)::int from task_people tp where tp.task_id = t.id) as people_count,
    c.total, c.unclaimed, c.in_progress, c.submitted, c.passed, c.rejected, c.pending, c.expired
  from tasks t join steps s on s.id = t.step_id join projects p on p.id = t.project_id
    join batches b on b.id = t.batch_id
    cross join lateral (select count(*)::int as total,
        count(*) filter (where j.status = 'unclaimed')::int as unclaimed,
        count(*) filter (where j.status = 'in_progress')::int as in_progress,
        count(*) filter (where j.status = 'submitted')::int as submitted,
        count(*) filter (where j.status = 'passed')::int as passed,
        count(*) filter (where j.status = 'rejected')::int as rejected,
        count(*) filter (where j.status = 'pending')::int as pending,
        count(*) filter (where j.status = 'expired')::int as expired
      from jobs j where j.task_id = t.id) c`;

function toTaskRow(r: Record<string, unknown>): TTeamTaskRow {
  return {
    id: Number(r.id),
    name: String(r.name),
    project_id: Number(r.project_id),
    project_name: String(r.project_name),
    step_id: Number(r.step_id),
    step_name: String(r.step_name),
    step_type: r.step_type as TTeamTaskRow['step_type'],
    batch_id: Number(r.batch_id),
    batch_name: String(r.batch_name),
    start_at: iso(r.start_at),
    end_at: iso(r.end_at),
    status: r.status as TTeamTaskRow['status'],
    people_count: Number(r.people_count),
    counts: {
      total: Number(r.total),
      unclaimed: Number(r.unclaimed),
      in_progress: Number(r.in_progress),
      submitted: Number(r.submitted),
      passed: Number(r.passed),
      rejected: Number(r.rejected),
      pending: Number(r.pending),
      expired: Number(r.expired),
    },
  };
}

interface TeamTaskInput {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  project_id?: number | undefined;
  status?: TTeamTaskRow['status'] | undefined;
  step_type?: TTeamTaskRow['step_type'] | undefined;
}

/**
 * `/task/list`: the organisation's tasks whose project is not deleted, pending ones only when asked, with job
 * counts; keyword = part of the task's or project's name.
 */
export async function listTeamTasks(db: Executor, siteId: number, input: TeamTaskInput) {
  if (input.project_id !== undefined) {
    const [project] = await queryRows(
      db,
      sql`select 1 from projects where id = ${input.project_id} and site_id = ${siteId}`,
    );
    if (!project) throw new AppError('not_found');
  }
  const parts: SQL[] = [sql`t.site_id = ${siteId}`, sql`p.status <> 'deleted'`];
  parts.push(input.status ? sql`t.status = ${input.status}` : sql`t.status <> 'pending'`);
  if (input.project_id !== undefined) parts.push(sql`t.project_id = ${input.project_id}`);
  if (input.step_type) parts.push(sql`s.type = ${input.step_type}`);
  if (input.keyword) {
    const like = `%${input.keyword}%`;
    parts.push(sql`(t.name ilike ${like} or p.name ilike ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from tasks t join steps s on s.id = t.step_id
      join projects p on p.id = t.project_id where ${where}`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${TASK_SELECT} where ${where} order by t.project_id desc, s.seq, t.batch_id, t.id
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  return { list: rows.map(toTaskRow), total: count?.total ?? 0, page: input.page, pageSize: input.pageSize };
}

/**
 * `/task/detail`: a task with its settings, people (users and groups), operators (groups expanded to their active
 * members) and counts. Callers who may not list team tasks see only tasks they are one of the people of.
 */
export async function taskDetail(ctx: TenantContext, taskId: number): Promise<TTaskDetail> {
  const { siteId, userId } = ctx.session;
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`${TASK_SELECT} where t.id = ${taskId} and t.site_id = ${siteId}`,
  );
  if (!row) throw new AppError('not_found');
  if (!ctx.session.permissions.has('/task/list') && !(await isAssigned(ctx.db, taskId, userId))) {
    throw new AppError('not_found');
  }
  const people = await queryRows<{ kind: 'user' | 'group'; id: number; name: string }>(
    ctx.db,
    sql`select 'user' as kind, u.id, u.nickname as name from task_people tp join users u on u.id = tp.user_id
        where tp.task_id = ${taskId}
      union all
      select 'group' as kind, g.id, g.name from task_people tp join groups g on g.id = tp.group_id
        where tp.task_id = ${taskId}
      order by kind desc, id`,
  );
  const operators = await queryRows<{ id: number; nickname: string }>(
    ctx.db,
    sql`select distinct u.id, u.nickname from users u
      join site_users su on su.user_id = u.id and su.site_id = ${siteId} and su.status = 'active'
      where u.status = 'active' and u.id in (
        select tp.user_id from task_people tp where tp.task_id = ${taskId} and tp.user_id is not null
        union
        select m.user_id from task_people tp join group_members gm on gm.group_id = tp.group_id
          join site_users m on m.id = gm.site_user_id and m.status = 'active'
        where tp.task_id = ${taskId})
      order by u.nickname, u.id`,
  );
  return {
    ...toTaskRow(row),
    claim_size: Number(row.claim_size),
    lease_seconds: Number(row.lease_seconds),
    target: row.target as TTaskDetail['target'],
    people: people.map((p) => ({ kind: p.kind, id: Number(p.id), name: String(p.name) })),
    operators: operators.map((o) => ({ id: Number(o.id), nickname: String(o.nickname) })),
    review: row.step_type !== 'execute',
  };
}
