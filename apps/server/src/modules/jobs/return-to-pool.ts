import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Returns in-progress jobs matching `where` to the pool in one statement: operator cleared, draft dropped, the
 * expiry recorded (`reason` lease | exit) with an event per job. Rows locked elsewhere are skipped (their holder is
 * acting on them). Answers the jobs returned with the operator who held them.
 */
export async function returnToPool(db: Executor, where: SQL, reason: 'lease' | 'exit', actorId: number | null) {
  return queryRows<{ id: number; task_id: number; operator_id: number }>(
    db,
    sql`with due as (
        select id, operator_id from jobs where status = 'in_progress' and ${where}
        order by id limit 5000 for update skip locked
      ), released as (
        update jobs j set status = 'unclaimed', operator_id = null, draft = null, draft_saved_at = null,
          lease_ends_at = null, warned_at = null, expire_reason = ${reason}, expired_at = now(), updated_at = now()
        from due where j.id = due.id
        returning j.id, j.site_id, j.project_id, j.task_id, j.step_id, j.batch_id, due.operator_id
      ), recorded as (
        insert into job_events (site_id, project_id, task_id, step_id, batch_id, job_id, actor_id, operator_id, action,
          from_status, to_status)
        select site_id, project_id, task_id, step_id, batch_id, id, ${actorId}, operator_id,
          ${reason === 'lease' ? 'expire' : 'exit'}, 'in_progress', 'unclaimed'
        from released
      )
      select id, task_id, operator_id from released`,
  );
}
