import type { TMyTaskRow } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { rawMoment } from '../../platform/raw-moment.ts';
import { assignedSql } from './task-access.ts';

const iso = (value: unknown) => rawMoment(value) as string;

/**
 * `/task/tasks`: the tasks the user is one of the people of (directly or through a team group) in their
 * organisation's projects that were released: `doing` = released tasks, `finished` = paused or complete.
 */
export async function listMyTasks(
  db: Executor,
  siteId: number,
  userId: number,
  input: {
    page: number;
    pageSize: number;
    keyword?: string | undefined;
    tab: 'doing' | 'finished';
    project_id?: number | undefined;
    step_type?: string | undefined;
  },
) {
  if (input.project_id !== undefined) {
    const [project] = await db
      .select({ id: schema.projects.id })
      .from(schema.projects)
      .where(and(eq(schema.projects.id, input.project_id), eq(schema.projects.siteId, siteId)));
    if (!project) throw new AppError('not_found');
  }
  const statuses = input.tab === 'doing' ? sql`('released')` : sql`('paused', 'complete')`;
  const where = sql`t.site_id = ${siteId} and t.status in ${statuses} and p.status <> 'deleted'
    and ${assignedSql(sql`t.id`, userId)}
    ${input.project_id !== undefined ? sql`and t.project_id = ${input.project_id}` : sql``}
    ${input.step_type ? sql`and s.type = ${input.step_type}` : sql``}
    ${input.keyword ? sql`and (t.name ilike ${`%${input.keyword}%`} or p.name ilike ${`%${input.keyword}%`})` : sql``}`;
  const from = sql`from tasks t join steps s on s.id = t.step_id join projects p on p.id = t.project_id
    join batches b on b.id = t.batch_id`;
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total ${from} where ${where}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select t.id, t.name, t.project_id, p.name as project_name, t.step_id, s.name as step_name, s.type as step_type,
        b.name as batch_name, t.start_at, t.end_at, t.claim_size, t.lease_seconds, t.status,
        c.in_progress, c.submitted, c.passed, c.rejected, c.unclaimed
      ${from}
      cross join lateral (select
          count(*) filter (where j.operator_id = ${userId} and j.status = 'in_progress')::int as in_progress,
          count(*) filter (where j.operator_id = ${userId} and j.status = 'submitted' and j.subject_job_id is null)::int as submitted,
          count(*) filter (where j.operator_id = ${userId} and (j.status = 'passed' or j.decision is not null))::int as passed,
          count(*) filter (where j.operator_id = ${userId} and j.status = 'rejected')::int as rejected,
          count(*) filter (where j.status = 'unclaimed' and (j.subject_operator_id is null or j.subject_operator_id <> ${userId}))::int as unclaimed
        from jobs j where j.task_id = t.id) c
      where ${where}
      order by t.end_at, t.id
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const list: TMyTaskRow[] = rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    project_id: Number(r.project_id),
    project_name: String(r.project_name),
    step_id: Number(r.step_id),
    step_name: String(r.step_name),
    step_type: r.step_type as TMyTaskRow['step_type'],
    batch_name: String(r.batch_name),
    start_at: iso(r.start_at),
    end_at: iso(r.end_at),
    claim_size: Number(r.claim_size),
    lease_seconds: Number(r.lease_seconds),
    status: r.status as TMyTaskRow['status'],
    mine: {
      in_progress: Number(r.in_progress),
      submitted: Number(r.submitted),
      passed: Number(r.passed),
      rejected: Number(r.rejected),
    },
    unclaimed: Number(r.unclaimed),
  }));
  return { list, total: count?.total ?? 0, page: input.page, pageSize: input.pageSize };
}

/** `/task/my-task-form`: the projects of the user's tasks, for the filter. */
export async function myTaskForm(db: Executor, siteId: number, userId: number) {
  const projects = await queryRows<{ id: number; name: string }>(
    db,
    sql`select distinct p.id, p.name from tasks t join projects p on p.id = t.project_id
      where t.site_id = ${siteId} and t.status <> 'pending' and p.status <> 'deleted' and ${assignedSql(sql`t.id`, userId)}
      order by p.id desc`,
  );
  return { projects: projects.map((p) => ({ id: Number(p.id), name: p.name })) };
}

/** `/task/fetch-dict`: a label dictionary's enabled items of the caller's organisation, in order. */
export async function fetchDict(db: Executor, siteId: number, dictId: number) {
  const [dict] = await db
    .select({ id: schema.labelDicts.id })
    .from(schema.labelDicts)
    .where(and(eq(schema.labelDicts.id, dictId), eq(schema.labelDicts.siteId, siteId)));
  if (!dict) throw new AppError('not_found');
  const items = await db
    .select({
      value: schema.labelDictItems.value,
      label: schema.labelDictItems.label,
      color: schema.labelDictItems.color,
      shortcut: schema.labelDictItems.shortcut,
    })
    .from(schema.labelDictItems)
    .where(and(eq(schema.labelDictItems.dictId, dict.id), eq(schema.labelDictItems.enabled, true)))
    .orderBy(schema.labelDictItems.sort);
  return { items };
}
