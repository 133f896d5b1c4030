import { type Executor, schema } from '@app/db';

export type JobEventInput = typeof schema.jobEvents.$inferInsert;

/** Writes operation records (one insert for many). */
export async function recordJobEvents(tx: Executor, events: JobEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(schema.jobEvents).values(events);
}

type JobRow = typeof schema.jobs.$inferSelect;

/** The record of an action on a job, with the job's place (site, project, task, step, batch) filled in. */
export function eventFor(
  job: Pick<JobRow, 'id' | 'siteId' | 'projectId' | 'taskId' | 'stepId' | 'batchId'>,
  event: Omit<JobEventInput, 'siteId' | 'projectId' | 'taskId' | 'stepId' | 'batchId' | 'jobId'>,
): JobEventInput {
  return {
    siteId: job.siteId,
    projectId: job.projectId,
    taskId: job.taskId,
    stepId: job.stepId,
    batchId: job.batchId,
    jobId: job.id,
    ...event,
  };
}
