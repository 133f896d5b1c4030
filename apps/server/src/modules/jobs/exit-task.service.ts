import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { returnToPool } from './return-to-pool.ts';
import { loadTask } from './task-access.ts';

/** `/task/exit`: the caller's jobs in hand of a task go back to the pool. */
export async function exitTask(ctx: TenantContext, taskId: number) {
  const { siteId, userId } = ctx.session;
  const task = await loadTask(ctx.db, siteId, taskId);
  const released = await returnToPool(ctx.db, sql`task_id = ${task.id} and operator_id = ${userId}`, 'exit', userId);
  return { released: released.length };
}
