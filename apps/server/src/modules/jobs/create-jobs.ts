import { type Executor, queryRows, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';

type JobRow = typeof schema.jobs.$inferSelect;
type StepConfig = { review_order?: 'operator' | 'data'; review_random?: boolean; qc_ratio?: number };

/** Review steps come in this order under their execute step, then by their own order. */
const REVIEW_RANK: Record<string, number> = { audit: 1, qc: 2, acceptance: 3 };

/**
 * Creates the execute jobs of a project's released tasks: one per data item of the task's batch and execute step,
 * unclaimed, in data order. Jobs that exist are left alone, so releasing again (restart) adds nothing.
 */
export async function createExecuteJobs(tx: Executor, projectId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into jobs (site_id, project_id, task_id, step_id, batch_id, data_item_id, status, sort_key)
      select t.site_id, t.project_id, t.id, t.step_id, t.batch_id, d.id, 'unclaimed', d.seq
      from tasks t join steps s on s.id = t.step_id and s.type = 'execute'
        join data_items d on d.batch_id = t.batch_id
      where t.project_id = ${projectId} and t.status = 'released'
      on conflict (step_id, data_item_id) where subject_job_id is null do nothing
      returning id`,
  );
  return rows.length;
}

/** The claim order of a review job judging `subject` at a step with `config`. */
function reviewSortKey(config: StepConfig, seq: number, operatorId: number | null): number {
  const within = config.review_random ? Math.floor(Math.random() * 2 ** 31) : seq;
  return config.review_order === 'operator' ? (operatorId ?? 0) * 2 ** 31 + within : within;
}

/**
 * Moves an execute job on after it was submitted (`fromStepId` = its own step) or passed at a review step
 * (`fromStepId` = that step): creates the job of the next review step under the execute step (a qc step takes it
 * with probability qc_ratio %), or, with no next step, marks the work passed. Answers the new review job's id.
 */
export async function advanceWork(tx: Executor, subject: JobRow, fromStepId: number): Promise<number | null> {
  const reviewSteps = await tx
    .select({ id: schema.steps.id, type: schema.steps.type, seq: schema.steps.seq, config: schema.steps.config })
    .from(schema.steps)
    .where(eq(schema.steps.parentStepId, subject.stepId));
  reviewSteps.sort((a, b) => (REVIEW_RANK[a.type] ?? 9) - (REVIEW_RANK[b.type] ?? 9) || a.seq - b.seq);
  const from = reviewSteps.findIndex((s) => s.id === fromStepId);
  for (const step of reviewSteps.slice(from + 1)) {
    const config = (step.config ?? {}) as StepConfig;
    if (step.type === 'qc' && Math.random() * 100 >= (config.qc_ratio ?? 100)) continue;
    const [task] = await tx
      .select({ id: schema.tasks.id })
      .from(schema.tasks)
      .where(sql`${schema.tasks.stepId} = ${step.id} and ${schema.tasks.batchId} = ${subject.batchId}`);
    if (!task) continue;
    const [item] = await tx
      .select({ seq: schema.dataItems.seq })
      .from(schema.dataItems)
      .where(eq(schema.dataItems.id, subject.dataItemId));
    const [created] = await tx
      .insert(schema.jobs)
      .values({
        siteId: subject.siteId,
        projectId: subject.projectId,
        taskId: task.id,
        stepId: step.id,
        batchId: subject.batchId,
        dataItemId: subject.dataItemId,
        subjectJobId: subject.id,
        subjectOperatorId: subject.operatorId,
        status: 'unclaimed',
        sortKey: reviewSortKey(config, item?.seq ?? 0, subject.operatorId),
      })
      .returning({ id: schema.jobs.id });
    return created!.id;
  }
  await tx.update(schema.jobs).set({ status: 'passed', updatedAt: sql`now()` }).where(eq(schema.jobs.id, subject.id));
  return null;
}
