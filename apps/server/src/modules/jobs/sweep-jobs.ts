import { LEASE_WARNING_SECONDS } from '@app/contracts';
import { queryRows, schema } from '@app/db';
import { inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { writeNotices } from '../../platform/notices.ts';
import { returnToPool } from './return-to-pool.ts';

/**
 * One pass of the lease sweeper (docs/jobs.md): warns holders whose lease ends within LEASE_WARNING_SECONDS,
 * returns jobs whose lease ended to the pool (recorded, notice, push), expires open jobs of tasks past their end
 * and reopens those whose task is released again with a later end. Safe on several instances at once.
 */
export async function sweepJobs(
  deps: AppDeps,
): Promise<{ warned: number; expired: number; ended: number; reopened: number }> {
  const warned = await queryRows<{ id: number; task_id: number; operator_id: number; seconds: number }>(
    deps.db,
    sql`update jobs set warned_at = now()
      where id in (select id from jobs where status = 'in_progress' and warned_at is null
        and lease_ends_at <= now() + make_interval(secs => ${LEASE_WARNING_SECONDS})
        order by lease_ends_at limit 5000 for update skip locked)
      returning id, task_id, operator_id, greatest(0, extract(epoch from (lease_ends_at - now())))::int as seconds`,
  );
  for (const job of warned) {
    await deps.hub.publishToUser(Number(job.operator_id), {
      data: { action: 'lease_warning', job_id: Number(job.id), task_id: Number(job.task_id), seconds: job.seconds },
    });
  }
  const expired = await deps.db.transaction(async (tx) => {
    const released = await returnToPool(tx, sql`lease_ends_at <= now()`, 'lease', null);
    const byHolder = new Map<string, { userId: number; taskId: number; jobIds: number[] }>();
    for (const job of released) {
      const key = `${job.operator_id}:${job.task_id}`;
      const entry = byHolder.get(key) ?? { userId: Number(job.operator_id), taskId: Number(job.task_id), jobIds: [] };
      entry.jobIds.push(Number(job.id));
      byHolder.set(key, entry);
    }
    const taskIds = [...new Set(released.map((j) => Number(j.task_id)))];
    const sites =
      taskIds.length === 0
        ? []
        : await tx
            .select({ id: schema.tasks.id, siteId: schema.tasks.siteId })
            .from(schema.tasks)
            .where(inArray(schema.tasks.id, taskIds));
    const siteOf = new Map(sites.map((s) => [s.id, s.siteId]));
    const pushes = [];
    for (const entry of byHolder.values()) {
      const notice = {
        userId: entry.userId,
        kind: 'job_expired' as const,
        params: { task_id: entry.taskId, count: entry.jobIds.length },
      };
      pushes.push({ entry, push: await writeNotices(tx, siteOf.get(entry.taskId)!, [notice]) });
    }
    return { count: released.length, pushes };
  });
  for (const { entry, push } of expired.pushes) {
    await push(deps.hub);
    await deps.hub.publishToUser(entry.userId, {
      data: { action: 'lease_expired', task_id: entry.taskId, job_ids: entry.jobIds },
    });
  }
  const ended = await queryRows<{ id: number }>(
    deps.db,
    sql`with due as (
        select j.id, j.status, j.operator_id from jobs j join tasks t on t.id = j.task_id
        where j.status in ('unclaimed', 'in_progress') and t.end_at <= now()
        limit 5000 for update of j skip locked
      ), done as (
        update jobs j set status = 'expired', expire_reason = 'task_end', expired_at = now(), lease_ends_at = null,
          draft = null, operator_id = null, updated_at = now()
        from due where j.id = due.id
        returning j.id, j.site_id, j.project_id, j.task_id, j.step_id, j.batch_id, due.status as was, due.operator_id
      ), recorded as (
        insert into job_events (site_id, project_id, task_id, step_id, batch_id, job_id, operator_id, action, from_status, to_status)
        select site_id, project_id, task_id, step_id, batch_id, id, operator_id, 'task_end', was, 'expired' from done
      )
      select id from done`,
  );
  const reopened = await queryRows<{ id: number }>(
    deps.db,
    sql`update jobs j set status = 'unclaimed', expire_reason = null, updated_at = now()
      from tasks t join projects p on p.id = t.project_id
      where t.id = j.task_id and j.status = 'expired' and j.expire_reason = 'task_end'
        and t.status = 'released' and t.end_at > now() and p.status = 'doing'
      returning j.id`,
  );
  return { warned: warned.length, expired: expired.count, ended: ended.length, reopened: reopened.length };
}
