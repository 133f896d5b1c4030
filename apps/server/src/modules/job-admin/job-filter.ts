import type { TJobFilter } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

/** The tables a job filter reads: `j` jobs, `d` their data items. */
export const JOB_FROM = sql`from jobs j join data_items d on d.id = j.data_item_id`;

/**
 * Refuses filter ids that are not of the caller's organisation (`not_found`): task, project, step, batch, and an
 * operator who is not a member.
 */
export async function assertFilterIds(db: Executor, siteId: number, filter: TJobFilter): Promise<void> {
  const checks: SQL[] = [];
  const owned = (table: string, id: number | undefined) => {
    if (id !== undefined) {
      checks.push(sql`exists (select 1 from ${sql.raw(table)} where id = ${id} and site_id = ${siteId})`);
    }
  };
  owned('tasks', filter.task_id);
  owned('projects', filter.project_id);
  owned('steps', filter.step_id);
  owned('batches', filter.batch_id);
  if (filter.operator_id !== undefined) {
    checks.push(sql`exists (select 1 from site_users where user_id = ${filter.operator_id} and site_id = ${siteId})`);
  }
  if (checks.length === 0) return;
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select (${sql.join(checks, sql` and `)}) as ok`);
  if (!row?.ok) throw new AppError('not_found');
}

/** The WHERE condition of a job filter over `JOB_FROM`, always within the organisation. */
export function jobFilterSql(siteId: number, filter: TJobFilter): SQL {
  const parts: SQL[] = [sql`j.site_id = ${siteId}`];
  if (filter.task_id !== undefined) parts.push(sql`j.task_id = ${filter.task_id}`);
  if (filter.project_id !== undefined) parts.push(sql`j.project_id = ${filter.project_id}`);
  if (filter.step_id !== undefined) parts.push(sql`j.step_id = ${filter.step_id}`);
  if (filter.batch_id !== undefined) parts.push(sql`j.batch_id = ${filter.batch_id}`);
  if (filter.status !== undefined) parts.push(sql`j.status = ${filter.status}`);
  if (filter.operator_id !== undefined) parts.push(sql`j.operator_id = ${filter.operator_id}`);
  if (filter.from !== undefined) parts.push(sql`j.updated_at >= ${filter.from}`);
  if (filter.to !== undefined) parts.push(sql`j.updated_at <= ${filter.to}`);
  if (filter.keyword) parts.push(sql`d.name ilike ${likePattern(filter.keyword)}`);
  return sql.join(parts, sql` and `);
}
