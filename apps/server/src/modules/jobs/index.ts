// Front door of the jobs module (others import it only from here). The job engine: its procedures and sweep, creating
// jobs, and what task administration does to a job.

export { createExecuteJobs } from './create-jobs.ts';
export { decideReview } from './decide-review.ts';
export type { JobRecord } from './held-job.ts';
export { lockJob } from './held-job.ts';
export { eventFor, recordJobEvents } from './job-events.ts';
export { jobImplementations } from './jobs.procedures.ts';
export { suspendJob } from './suspend-job.ts';
export { sweepJobs } from './sweep-jobs.ts';
export { isAssigned, loadTask } from './task-access.ts';
