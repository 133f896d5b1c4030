import { jobProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { claimJobs } from './claim-jobs.ts';
import { exitTask } from './exit-task.service.ts';
import { executeView } from './job-view.queries.ts';
import { fetchDict, listMyTasks, myTaskForm } from './my-tasks.queries.ts';
import { pendJob } from './pend-job.service.ts';
import { reopenJob } from './reopen-job.service.ts';
import { reviewJob } from './review-job.service.ts';
import { saveDraft } from './save-draft.service.ts';
import { submitJob } from './submit-job.service.ts';

/** The job engine for the people doing the work (docs/jobs.md). */
export const jobImplementations = [
  implement(p.taskMyTasks, async (input, ctx) => listMyTasks(ctx.db, ctx.session.siteId, ctx.session.userId, input)),
  implement(p.taskMyTaskForm, async (_input, ctx) => myTaskForm(ctx.db, ctx.session.siteId, ctx.session.userId)),
  implement(p.taskClaim, async (input, ctx) =>
    claimJobs(ctx.db, ctx.session.siteId, ctx.session.userId, input.task_id),
  ),
  implement(p.taskExecute, async (input, ctx) => executeView(ctx, input.task_id, input.job_id)),
  implement(p.taskSaveDraft, async (input, ctx) => saveDraft(ctx, input.job_id, input.draft)),
  implement(p.taskSubmit, async (input, ctx) => submitJob(ctx, input.job_id, input.result)),
  implement(p.taskExit, async (input, ctx) => exitTask(ctx, input.task_id)),
  implement(p.taskReview, async (input, ctx) =>
    reviewJob(ctx, input.job_id, { decision: input.decision, reason: input.reason, result: input.result }),
  ),
  implement(p.taskPend, async (input, ctx) => pendJob(ctx, input.job_id, input.reason)),
  implement(p.taskReopen, async (input, ctx) => reopenJob(ctx, input.job_id)),
  implement(p.taskFetchDict, async (input, ctx) => fetchDict(ctx.db, ctx.session.siteId, input.dict_id)),
];
