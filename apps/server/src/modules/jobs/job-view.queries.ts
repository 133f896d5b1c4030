import type { TJobBrief, TJobView } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { rawMoment } from '../../platform/raw-moment.ts';
import { templateOfStep } from './job-template.ts';
import { loadWorkTask } from './task-access.ts';

const iso = rawMoment;
const person = (id: unknown, nickname: unknown) =>
  id === null ? null : { id: Number(id), nickname: String(nickname) };

/** The caller's jobs in hand of a task, in data order. */
export async function jobsInHand(db: Executor, taskId: number, userId: number): Promise<TJobBrief[]> {
  const rows = await db
    .select({
      id: schema.jobs.id,
      seq: schema.dataItems.seq,
      item_name: schema.dataItems.name,
      lease_ends_at: schema.jobs.leaseEndsAt,
    })
    .from(schema.jobs)
    .innerJoin(schema.dataItems, eq(schema.dataItems.id, schema.jobs.dataItemId))
    .where(
      and(eq(schema.jobs.taskId, taskId), eq(schema.jobs.operatorId, userId), eq(schema.jobs.status, 'in_progress')),
    )
    .orderBy(schema.dataItems.seq, schema.jobs.id);
  return rows.map((r) => ({ ...r, status: 'in_progress' as const, lease_ends_at: iso(r.lease_ends_at) }));
}

/**
 * `/task/execute`: the job frame for one of the caller's jobs of the task (the first in hand when none is named):
 * item, template, draft, lease by the server's clock, and for review jobs the work judged. A named job must be the
 * caller's (held, or their own work) else `job_not_holder`.
 */
export async function executeView(ctx: TenantContext, taskId: number, jobId?: number) {
  const { userId } = ctx.session;
  const task = await loadWorkTask(ctx, ctx.db, taskId, false);
  const inHand = await jobsInHand(ctx.db, task.id, userId);
  const id = jobId ?? inHand[0]?.id;
  if (id === undefined) return { job: null, in_hand: inHand };
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select j.*, d.seq, d.name as item_name, d.kind, d.file_path, d.url, d.payload, u.nickname as operator_name,
        sj.result as subject_result, sj.submitted_at as subject_submitted_at, sj.operator_id as subject_operator,
        su.nickname as subject_operator_name, extract(epoch from (j.lease_ends_at - now()))::int as remaining, now() as server_now
      from jobs j join data_items d on d.id = j.data_item_id
        left join users u on u.id = j.operator_id
        left join jobs sj on sj.id = j.subject_job_id
        left join users su on su.id = sj.operator_id
      where j.id = ${id} and j.task_id = ${task.id}`,
  );
  if (!row) throw new AppError('not_found');
  if (Number(row.operator_id) !== userId) throw new AppError('job_not_holder');
  const template = await templateOfStep(ctx.db, task.stepId);
  const url = row.file_path ? `/api/file/data-item/${row.data_item_id}` : ((row.url as string | null) ?? null);
  const job: TJobView = {
    id: Number(row.id),
    task_id: task.id,
    task_name: task.name,
    project_id: task.projectId,
    project_name: task.projectName,
    step_name: task.stepName,
    step_type: task.stepType,
    status: row.status as TJobView['status'],
    operator: person(row.operator_id, row.operator_name),
    lease_ends_at: iso(row.lease_ends_at),
    remaining_seconds: row.status === 'in_progress' ? Math.max(0, Number(row.remaining ?? 0)) : 0,
    server_time: iso(row.server_now)!,
    item: {
      id: Number(row.data_item_id),
      seq: Number(row.seq),
      name: String(row.item_name),
      kind: String(row.kind),
      url,
      payload: row.payload ?? null,
    },
    template,
    draft: row.draft ?? null,
    result: row.result ?? null,
    reason: (row.reason as string | null) ?? null,
    subject:
      row.subject_job_id === null
        ? null
        : {
            job_id: Number(row.subject_job_id),
            operator: person(row.subject_operator, row.subject_operator_name),
            result: row.subject_result ?? null,
            submitted_at: iso(row.subject_submitted_at),
            editable: Boolean(task.config.open_audit_edit),
          },
  };
  return { job, in_hand: inHand };
}
