import type { Executor } from '@app/db';
import { schema } from '@app/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { dayAfter } from '../system-admin/index.ts';

/**
 * What a statistic covers: the organisation, an optional range of UTC days (both ends included), and
 * optionally one project, one task, one operator (the user the figures are about).
 */
export interface StatScope {
  siteId: number;
  from?: string;
  to?: string;
  projectId?: number;
  taskId?: number;
  userId?: number;
}

/** Checks that the project and task named belong to the organisation (else `not_found`). */
export async function checkScopeIds(
  db: Executor,
  siteId: number,
  ids: { project_id?: number | undefined; task_id?: number | undefined },
): Promise<void> {
  if (ids.project_id !== undefined) {
    const [row] = await db
      .select({ id: schema.projects.id })
      .from(schema.projects)
      .where(and(eq(schema.projects.siteId, siteId), eq(schema.projects.id, ids.project_id)));
    if (!row) throw new AppError('not_found');
  }
  if (ids.task_id !== undefined) {
    const [row] = await db
      .select({ id: schema.tasks.id })
      .from(schema.tasks)
      .where(and(eq(schema.tasks.siteId, siteId), eq(schema.tasks.id, ids.task_id)));
    if (!row) throw new AppError('not_found');
  }
}

/**
 * The WHERE conditions of a scope over a table alias (`e` for job_events, `j` for jobs) and its time column.
 * Written as raw SQL since the figures queries use aliases.
 */
export function scopeWhere(scope: StatScope, alias: 'e' | 'j', timeColumn: string): SQL {
  const a = sql.raw(alias);
  const time = sql.raw(`${alias}.${timeColumn}`);
  const parts: SQL[] = [sql`${a}.site_id = ${scope.siteId}`];
  if (scope.from !== undefined) parts.push(sql`${time} >= ${new Date(`${scope.from}T00:00:00.000Z`).toISOString()}`);
  if (scope.to !== undefined) parts.push(sql`${time} < ${dayAfter(scope.to).toISOString()}`);
  if (scope.projectId !== undefined) parts.push(sql`${a}.project_id = ${scope.projectId}`);
  if (scope.taskId !== undefined) parts.push(sql`${a}.task_id = ${scope.taskId}`);
  return sql.join(parts, sql` and `);
}

/** `to_char(<time> at time zone 'UTC', 'YYYY-MM-DD')`: the UTC day of a timestamp column. */
export const utcDay = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);
