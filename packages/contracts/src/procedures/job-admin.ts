import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { JOB_LIMITS, JOB_STATUSES, ZJobCounts } from './jobs.ts';
import { ZFilePayload } from './members.ts';
import { STEP_TYPES } from './projects-setup.ts';

/**
 * Task administration (team tasks, task detail, job list, operation records, export) and the batch actions of
 * docs/domain.md, for team administrators and content producers.
 */
const ZId = z.number().int().positive();
const ZMoment = z.iso.datetime({ offset: true });
const ZPerson = z.object({ id: z.number().int(), nickname: z.string() }).nullable();

export const ZTeamTaskRow = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  step_id: z.number().int(),
  step_name: z.string(),
  step_type: z.enum(STEP_TYPES),
  batch_id: z.number().int(),
  batch_name: z.string(),
  start_at: ZMoment,
  end_at: ZMoment,
  status: z.enum(['pending', 'released', 'paused', 'complete']),
  people_count: z.number().int(),
  counts: ZJobCounts,
});
export type TTeamTaskRow = z.infer<typeof ZTeamTaskRow>;

export const ZTaskDetail = ZTeamTaskRow.extend({
  claim_size: z.number().int(),
  lease_seconds: z.number().int(),
  target: z.enum(['team', 'crowd', 'ai']),
  people: z.array(z.object({ kind: z.enum(['user', 'group']), id: z.number().int(), name: z.string() })),
  /** The task's people as single users (groups expanded), for choosing job operators. */
  operators: z.array(z.object({ id: z.number().int(), nickname: z.string() })),
  review: z.boolean(),
});
export type TTaskDetail = z.infer<typeof ZTaskDetail>;

/** Filters of the job list, the export and the batch actions over a filter. */
export const ZJobFilter = z.object({
  task_id: ZId.optional(),
  project_id: ZId.optional(),
  step_id: ZId.optional(),
  batch_id: ZId.optional(),
  status: z.enum(JOB_STATUSES).optional(),
  operator_id: ZId.optional(),
  /** Last change between these moments. */
  from: ZMoment.optional(),
  to: ZMoment.optional(),
  /** Part of the data item's name. */
  keyword: z.string().max(100).optional(),
});
export type TJobFilter = z.infer<typeof ZJobFilter>;
const JOB_FILTER_IDS = {
  task_id: 'task',
  project_id: 'project',
  step_id: 'step',
  batch_id: 'batch',
  operator_id: 'user',
} as const;

export const ZJobRow = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  task_id: z.number().int(),
  step_name: z.string(),
  step_type: z.enum(STEP_TYPES),
  batch_name: z.string(),
  item_id: z.number().int(),
  item_name: z.string(),
  seq: z.number().int(),
  status: z.enum(JOB_STATUSES),
  decision: z.enum(['pass', 'reject', 'reset']).nullable(),
  operator: ZPerson,
  /** Review jobs: whose work is judged. */
  subject_operator: ZPerson,
  reviewer: ZPerson,
  claimed_at: ZMoment.nullable(),
  lease_ends_at: ZMoment.nullable(),
  submitted_at: ZMoment.nullable(),
  reviewed_at: ZMoment.nullable(),
  reason: z.string().nullable(),
  expire_reason: z.enum(['lease', 'exit', 'task_end']).nullable(),
  work_seconds: z.number().int(),
  updated_at: ZMoment,
});
export type TJobRow = z.infer<typeof ZJobRow>;

export const JOB_ACTIONS = [
  'claim',
  'expire',
  'exit',
  'submit',
  'pass',
  'reject',
  'reset',
  'pend',
  'resolve',
  'reopen',
  'assign',
  'task_end',
] as const;

export const ZJobRecord = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  item_name: z.string(),
  step_name: z.string(),
  action: z.enum(JOB_ACTIONS),
  actor: ZPerson,
  operator: ZPerson,
  from_status: z.enum(JOB_STATUSES).nullable(),
  to_status: z.enum(JOB_STATUSES).nullable(),
  reason: z.string().nullable(),
  created_at: ZMoment,
});
export type TJobRecord = z.infer<typeof ZJobRecord>;

export const BATCH_JOB_ACTIONS = ['pass', 'reject', 'reset', 'pend'] as const;
/** A selection of jobs by id, or every job matching a filter (at most JOB_LIMITS.batch either way). */
const ZJobSelection = z.union([
  z.object({ job_ids: z.array(ZId).min(1).max(JOB_LIMITS.batch) }),
  z.object({ filter: ZJobFilter }),
]);
const ZBatchOutcome = z.object({
  done: z.number().int(),
  /** Jobs of the selection that were not in a state the action applies to. */
  skipped: z.number().int(),
});

export const jobAdminProcedures = {
  taskTeamList: procedure({
    path: '/task/list',
    summary: "Team tasks: every task of the organisation's projects in progress, with job counts.",
    input: ZListInput.extend({
      project_id: ZId.optional(),
      status: z.enum(['pending', 'released', 'paused', 'complete']).optional(),
      step_type: z.enum(STEP_TYPES).optional(),
    }),
    output: listOutput(ZTeamTaskRow),
    tenantIds: { project_id: 'project' },
  }),
  taskDetail: procedure({
    path: '/task/detail',
    summary: 'A task with its settings, people and job counts.',
    input: z.object({ id: ZId }),
    output: ZTaskDetail,
    tenantIds: { id: 'task' },
  }),
  workList: procedure({
    path: '/work/list',
    summary: 'Jobs matching the filters (status, operator, step, batch, dates), newest change first.',
    input: ZListInput.extend(ZJobFilter.shape),
    output: listOutput(ZJobRow),
    tenantIds: JOB_FILTER_IDS,
  }),
  workRecords: procedure({
    path: '/work/records',
    summary: 'The operation records of one job, or of the jobs of a task or project (who, when, from, to, reason).',
    input: ZListInput.extend({ job_id: ZId.optional(), task_id: ZId.optional(), project_id: ZId.optional() }),
    output: listOutput(ZJobRecord),
    tenantIds: { job_id: 'job', task_id: 'task', project_id: 'project' },
  }),
  workExport: procedure({
    path: '/work/export',
    summary: 'The jobs matching the filters with their records as an xlsx file (base64).',
    input: ZJobFilter,
    output: ZFilePayload,
    tenantIds: JOB_FILTER_IDS,
  }),
  workBatchReview: procedure({
    path: '/work/batch-review',
    summary:
      'Batch pass, reject, reset or pend of submitted work over a selection or a filter, in one transaction; jobs in another state are skipped and counted.',
    input: z.intersection(
      z.object({
        action: z.enum(BATCH_JOB_ACTIONS),
        reason: z.string().trim().max(JOB_LIMITS.reason, 'validation.too_long').optional(),
      }),
      ZJobSelection,
    ),
    output: ZBatchOutcome,
    tenantIds: { job_ids: 'job' },
  }),
  workResolve: procedure({
    path: '/work/resolve',
    summary: 'Resolves pending (suspended) jobs: each returns to the pool.',
    input: z.object({ job_ids: z.array(ZId).min(1).max(JOB_LIMITS.batch) }),
    output: ZBatchOutcome,
    tenantIds: { job_ids: 'job' },
  }),
  workSetOperator: procedure({
    path: '/work/set-operator',
    summary:
      "Gives jobs that nobody has submitted to one of the task's people (one job, or a batch): they are in that person's hands with a fresh lease.",
    input: z.object({ job_ids: z.array(ZId).min(1).max(JOB_LIMITS.batch), user_id: ZId }),
    output: ZBatchOutcome,
    tenantIds: { job_ids: 'job', user_id: 'user' },
  }),
} as const;
