import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { rawMoment } from '../../platform/raw-moment.ts';
import { assertTaskOpen, assignedSql, isAssigned, loadTask } from './task-access.ts';

export interface JobBrief {
  id: number;
  status: 'in_progress';
  seq: number;
  item_name: string;
  lease_ends_at: string | null;
}

const iso = rawMoment;

/**
 * `/task/claim`: tops the caller up to the task's claim size in one statement. The `gate` reads the task (the
 * caller's organisation, open: released, project in progress, within its window), the caller's assignment and what
 * they hold; then their own work sent back for rework comes first, then unclaimed jobs in claim order (`sort_key`)
 * with `FOR UPDATE SKIP LOCKED`, so two callers never get the same job, never a review of their own work; every claim
 * is recorded. Answers the jobs in hand (data order) and how many were added. Only when nothing comes back is the
 * reason looked up: `not_found`, `not_task_member`, `task_not_open`, else `no_job_left`.
 */
export async function claimJobs(db: Executor, siteId: number, userId: number, taskId: number) {
  const rows = await queryRows<{ id: number; lease_ends_at: unknown; seq: number; name: string; added: boolean }>(
    db,
    sql`with gate as (
        select t.claim_size, t.lease_seconds,
          (select count(*)::int from jobs where task_id = t.id and operator_id = ${userId} and status = 'in_progress') as held,
          (select count(*)::int from jobs where task_id = t.id and operator_id = ${userId} and status = 'rejected') as rework
        from tasks t join projects p on p.id = t.project_id
        where t.id = ${taskId} and t.site_id = ${siteId} and t.status = 'released' and p.status = 'doing'
          and t.start_at <= now() and t.end_at > now() and ${assignedSql(taskId, userId)}
      ), lease as (
        select now() + make_interval(secs => lease_seconds) as ends,
          greatest(claim_size - held, 0) as room, greatest(claim_size - held - rework, 0) as from_pool
        from gate
      ), rework as (
        update jobs set status = 'in_progress', claimed_at = now(), lease_ends_at = (select ends from lease),
          warned_at = null, draft = coalesce(draft, result), updated_at = now()
        where id in (select id from jobs where task_id = ${taskId} and operator_id = ${userId} and status = 'rejected'
          order by sort_key limit coalesce((select room from lease), 0) for update skip locked)
        returning id, site_id, project_id, task_id, step_id, batch_id, data_item_id, lease_ends_at, 'rejected' as was
      ), picked as (
        select id from jobs
        where task_id = ${taskId} and status = 'unclaimed'
          and (subject_operator_id is null or subject_operator_id <> ${userId})
        order by sort_key limit coalesce((select from_pool from lease), 0)
        for update skip locked
      ), claimed as (
        update jobs j set status = 'in_progress', operator_id = ${userId}, claimed_at = now(),
          lease_ends_at = (select ends from lease), warned_at = null, expire_reason = null, updated_at = now()
        where j.id = any(array(select id from picked))
        returning j.id, j.site_id, j.project_id, j.task_id, j.step_id, j.batch_id, j.data_item_id, j.lease_ends_at,
          'unclaimed' as was
      ), added as (
        select * from rework union all select * from claimed
      ), recorded as (
        insert into job_events (site_id, project_id, task_id, step_id, batch_id, job_id, actor_id, operator_id, action,
          from_status, to_status)
        select site_id, project_id, task_id, step_id, batch_id, id, ${userId}, ${userId}, 'claim', was, 'in_progress'
        from added
      ), in_hand as (
        select id, data_item_id, lease_ends_at, true as added from added
        union all
        select id, data_item_id, lease_ends_at, false from jobs
        where task_id = ${taskId} and operator_id = ${userId} and status = 'in_progress' and exists (select 1 from gate)
      )
      select h.id, h.lease_ends_at, h.added, d.seq, d.name
      from in_hand h cross join lateral (select seq, name from data_items where id = h.data_item_id) d
      order by d.seq, h.id`,
  );
  if (rows.length === 0) await whyNothing(db, siteId, userId, taskId);
  const jobs: JobBrief[] = rows.map((r) => ({
    id: Number(r.id),
    status: 'in_progress',
    seq: Number(r.seq),
    item_name: r.name,
    lease_ends_at: iso(r.lease_ends_at),
  }));
  return { jobs, claimed: rows.filter((r) => r.added).length };
}

/** Throws the reason a claim gave nothing, in the order a caller needs to hear it. */
async function whyNothing(db: Executor, siteId: number, userId: number, taskId: number): Promise<never> {
  const task = await loadTask(db, siteId, taskId);
  if (!(await isAssigned(db, task.id, userId))) throw new AppError('not_task_member');
  assertTaskOpen(task);
  throw new AppError('no_job_left');
}
