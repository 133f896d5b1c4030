import { jobAdminProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { resolveJobs, setOperator } from './assign-jobs.service.ts';
import { batchReview } from './batch-review.service.ts';
import { exportWork } from './export-work.service.ts';
import { listTeamTasks, taskDetail } from './team-tasks.queries.ts';
import { listWork } from './work-list.queries.ts';
import { listRecords } from './work-records.queries.ts';

/** Task administration: team tasks, jobs, records, export and the batch actions (docs/jobs.md). */
export const jobAdminImplementations = [
  implement(p.taskTeamList, async (input, ctx) => listTeamTasks(ctx.db, ctx.session.siteId, input)),
  implement(p.taskDetail, async (input, ctx) => taskDetail(ctx, input.id)),
  implement(p.workList, async (input, ctx) => listWork(ctx.db, ctx.session.siteId, input)),
  implement(p.workRecords, async (input, ctx) => listRecords(ctx.db, ctx.session.siteId, input)),
  implement(p.workExport, async (input, ctx) => exportWork(ctx, input)),
  implement(p.workBatchReview, async (input, ctx) => batchReview(ctx, input)),
  implement(p.workResolve, async (input, ctx) => resolveJobs(ctx, input.job_ids)),
  implement(p.workSetOperator, async (input, ctx) => setOperator(ctx, input.job_ids, input.user_id)),
];
