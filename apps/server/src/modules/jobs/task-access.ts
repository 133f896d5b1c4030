import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

export interface WorkTask {
  id: number;
  siteId: number;
  projectId: number;
  projectName: string;
  projectStatus: string;
  name: string;
  stepId: number;
  stepName: string;
  stepType: 'execute' | 'audit' | 'qc' | 'acceptance';
  batchName: string;
  templateId: number | null;
  claimSize: number;
  leaseSeconds: number;
  status: 'pending' | 'released' | 'paused' | 'complete';
  startAt: Date;
  endAt: Date;
  config: { review_order?: 'operator' | 'data'; review_random?: boolean; qc_ratio?: number; open_audit_edit?: boolean };
}

/** SQL: the task's people include the user, directly or through an active membership of one of its team groups. */
export function assignedSql(taskId: unknown, userId: number) {
  return sql`exists (select 1 from task_people tp where tp.task_id = ${taskId} and (tp.user_id = ${userId}
    or tp.group_id in (select gm.group_id from group_members gm join site_users su on su.id = gm.site_user_id
      where su.user_id = ${userId} and su.status = 'active')))`;
}

/** A task of the caller's organisation with its step and project (`not_found` otherwise). */
export async function loadTask(db: Executor, siteId: number, taskId: number): Promise<WorkTask> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select t.id, t.site_id, t.project_id, p.name as project_name, p.status as project_status, t.name,
      t.step_id, s.name as step_name, s.type as step_type, b.name as batch_name,
      coalesce(s.template_id, p.template_id) as template_id, t.claim_size, t.lease_seconds, t.status, t.start_at,
      t.end_at, s.config
    from tasks t join steps s on s.id = t.step_id join projects p on p.id = t.project_id
      join batches b on b.id = t.batch_id
    where t.id = ${taskId} and t.site_id = ${siteId}`,
  );
  if (!row) throw new AppError('not_found');
  return {
    id: Number(row.id),
    siteId: Number(row.site_id),
    projectId: Number(row.project_id),
    projectName: String(row.project_name),
    projectStatus: String(row.project_status),
    name: String(row.name),
    stepId: Number(row.step_id),
    stepName: String(row.step_name),
    stepType: row.step_type as WorkTask['stepType'],
    batchName: String(row.batch_name),
    templateId: row.template_id === null ? null : Number(row.template_id),
    claimSize: Number(row.claim_size),
    leaseSeconds: Number(row.lease_seconds),
    status: row.status as WorkTask['status'],
    startAt: new Date(row.start_at as string),
    endAt: new Date(row.end_at as string),
    config: (row.config ?? {}) as WorkTask['config'],
  };
}

/** Whether the user is one of the task's people. */
export async function isAssigned(db: Executor, taskId: number, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select ${assignedSql(taskId, userId)} as ok`);
  return Boolean(row?.ok);
}

/**
 * A task the caller works on: of their organisation (`not_found`), they are one of its people (`not_task_member`),
 * and, when `open`, released, in its window and its project in progress (`task_not_open`).
 */
export async function loadWorkTask(ctx: TenantContext, db: Executor, taskId: number, open: boolean) {
  const task = await loadTask(db, ctx.session.siteId, taskId);
  if (!(await isAssigned(db, task.id, ctx.session.userId))) throw new AppError('not_task_member');
  if (open) assertTaskOpen(task);
  return task;
}

export function assertTaskOpen(task: Pick<WorkTask, 'status' | 'projectStatus' | 'startAt' | 'endAt'>): void {
  const now = Date.now();
  const open =
    task.status === 'released' &&
    task.projectStatus === 'doing' &&
    task.startAt.getTime() <= now &&
    task.endAt.getTime() > now;
  if (!open) throw new AppError('task_not_open');
}
