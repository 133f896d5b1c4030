import { z } from 'zod';
import { ZAnnotationResult } from '../annotation/result.ts';
import { ZTemplateContent } from '../annotation/template.ts';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { STEP_TYPES } from './projects-setup.ts';

/**
 * The annotation job engine for the people doing the work (docs/domain.md job table): my tasks, claiming with a
 * lease, the job frame, drafts, submitting, review decisions, suspending and taking a job back.
 */
export const JOB_STATUSES = [
  'unclaimed',
  'in_progress',
  'submitted',
  'passed',
  'rejected',
  'pending',
  'expired',
] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];
export const REVIEW_DECISIONS = ['pass', 'reject', 'reset'] as const;
export type TReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const EXPIRE_REASONS = ['lease', 'exit', 'task_end'] as const;
export const JOB_LIMITS = { reason: 500, draftBytes: 4 * 1024 * 1024, batch: 10_000 } as const;
/** The lease warning is pushed this many seconds before a lease ends ("task will time out in N"). */
export const LEASE_WARNING_SECONDS = 60;

const ZId = z.number().int().positive();
const ZMoment = z.iso.datetime({ offset: true });
export const ZReason = z
  .string()
  .trim()
  .min(1, 'validation.reason_required')
  .max(JOB_LIMITS.reason, 'validation.too_long');
const ZOk = z.object({ ok: z.literal(true) });

/** Counts of a task's jobs by status; `mine_*` count the caller's own. */
export const ZJobCounts = z.object({
  total: z.number().int(),
  unclaimed: z.number().int(),
  in_progress: z.number().int(),
  submitted: z.number().int(),
  passed: z.number().int(),
  rejected: z.number().int(),
  pending: z.number().int(),
  expired: z.number().int(),
});
export type TJobCounts = z.infer<typeof ZJobCounts>;

export const ZMyTaskRow = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  step_id: z.number().int(),
  step_name: z.string(),
  step_type: z.enum(STEP_TYPES),
  batch_name: z.string(),
  start_at: ZMoment,
  end_at: ZMoment,
  claim_size: z.number().int(),
  lease_seconds: z.number().int(),
  status: z.enum(['pending', 'released', 'paused', 'complete']),
  /** The caller's jobs in hand, awaiting review, passed, and sent back for rework. */
  mine: z.object({
    in_progress: z.number().int(),
    submitted: z.number().int(),
    passed: z.number().int(),
    rejected: z.number().int(),
  }),
  /** Jobs anyone assigned may still claim. */
  unclaimed: z.number().int(),
});
export type TMyTaskRow = z.infer<typeof ZMyTaskRow>;

/** My tasks' tabs: tasks with work to do (released) or done with (paused, complete). */
export const MY_TASK_TABS = ['doing', 'finished'] as const;

/** A job in the caller's hands, as the job frame lists them (previous / next). */
export const ZJobBrief = z.object({
  id: z.number().int(),
  status: z.enum(JOB_STATUSES),
  seq: z.number().int(),
  item_name: z.string(),
  lease_ends_at: ZMoment.nullable(),
});
export type TJobBrief = z.infer<typeof ZJobBrief>;

/** Everything the job frame shows for one job. Review jobs carry the work judged in `subject`. */
export const ZJobView = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  task_name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  step_name: z.string(),
  step_type: z.enum(STEP_TYPES),
  status: z.enum(JOB_STATUSES),
  operator: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
  lease_ends_at: ZMoment.nullable(),
  /** Seconds left on the lease by the server's clock when answered (0 when gone or none). */
  remaining_seconds: z.number().int(),
  /** The server's clock when answered, for the countdown to correct the page's clock. */
  server_time: ZMoment,
  item: z.object({
    id: z.number().int(),
    seq: z.number().int(),
    name: z.string(),
    kind: z.string(),
    /** Where the browser loads the media from (the file route, or the outside URL); null for records. */
    url: z.string().nullable(),
    payload: z.unknown().nullable(),
  }),
  template: ZTemplateContent.nullable(),
  draft: z.unknown().nullable(),
  result: z.unknown().nullable(),
  /** The reason of the last reject, reset or pend (shown on rework). */
  reason: z.string().nullable(),
  /** Review jobs: the work judged, who did it, and whether the reviewer may change the result. */
  subject: z
    .object({
      job_id: z.number().int(),
      operator: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
      result: z.unknown().nullable(),
      submitted_at: ZMoment.nullable(),
      editable: z.boolean(),
    })
    .nullable(),
});
export type TJobView = z.infer<typeof ZJobView>;

const ZDraft = z.unknown().refine((value) => JSON.stringify(value ?? null).length <= JOB_LIMITS.draftBytes, {
  message: 'validation.too_long',
});

export const jobProcedures = {
  taskMyTasks: procedure({
    path: '/task/tasks',
    summary: "The caller's tasks (assigned directly or through a team group) with their job counts.",
    input: ZListInput.extend({
      tab: z.enum(MY_TASK_TABS).default('doing'),
      project_id: ZId.optional(),
      step_type: z.enum(STEP_TYPES).optional(),
    }),
    output: listOutput(ZMyTaskRow),
    tenantIds: { project_id: 'project' },
  }),
  taskMyTaskForm: procedure({
    path: '/task/my-task-form',
    summary: "Filter options of My tasks: the projects of the caller's tasks.",
    input: z.object({}),
    output: z.object({ projects: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  taskClaim: procedure({
    path: '/task/claim',
    summary:
      "Tops the caller up to the task's claim size of jobs, each leased for the task's seconds; answers the jobs in hand. `no_job_left` when none is left.",
    input: z.object({ task_id: ZId }),
    output: z.object({ jobs: z.array(ZJobBrief), claimed: z.number().int() }),
    tenantIds: { task_id: 'task' },
  }),
  taskExecute: procedure({
    path: '/task/execute',
    summary:
      'The job frame: one job of the caller (the first in hand when no job is named) with its item, template, draft and lease, and the jobs in hand.',
    input: z.object({ task_id: ZId, job_id: ZId.optional() }),
    output: z.object({ job: ZJobView.nullable(), in_hand: z.array(ZJobBrief) }),
    tenantIds: { task_id: 'task', job_id: 'job' },
  }),
  taskSaveDraft: procedure({
    path: '/task/save',
    summary: 'Saves the draft of a job in hand (autosave); saving the same draft again changes nothing.',
    input: z.object({ job_id: ZId, draft: ZDraft }),
    output: z.object({ saved_at: ZMoment }),
    tenantIds: { job_id: 'job' },
    bodyLimit: JOB_LIMITS.draftBytes + 64 * 1024,
  }),
  taskSubmit: procedure({
    path: '/task/submit',
    summary:
      'Submits a job in hand: the lease must be held and the result meet the template (`result_invalid` with the problems). A repeat of the same submit answers the same.',
    input: z.object({ job_id: ZId, result: ZAnnotationResult }),
    output: z.object({ status: z.enum(JOB_STATUSES), next_job_id: z.number().int().nullable() }),
    tenantIds: { job_id: 'job' },
    bodyLimit: JOB_LIMITS.draftBytes + 64 * 1024,
  }),
  taskExit: procedure({
    path: '/task/exit',
    summary: "Gives the caller's jobs in hand of a task back to the pool (drafts dropped, recorded as exits).",
    input: z.object({ task_id: ZId }),
    output: z.object({ released: z.number().int() }),
    tenantIds: { task_id: 'task' },
  }),
  taskReview: procedure({
    path: '/task/review',
    summary:
      'Decides a review job in hand: pass (the next review step, or passed), reject (reason; back to the operator) or reset (reason; result removed, back to the pool).',
    input: z.object({
      job_id: ZId,
      decision: z.enum(REVIEW_DECISIONS),
      reason: z.string().trim().max(JOB_LIMITS.reason, 'validation.too_long').optional(),
      /** The reviewer's corrected result, where the step lets reviewers edit. */
      result: ZAnnotationResult.optional(),
    }),
    output: z.object({ status: z.enum(JOB_STATUSES), next_job_id: z.number().int().nullable() }),
    tenantIds: { job_id: 'job' },
    bodyLimit: JOB_LIMITS.draftBytes + 64 * 1024,
  }),
  taskPend: procedure({
    path: '/task/pend',
    summary: 'Suspends a job in hand as difficult (reason required); an administrator resolves it.',
    input: z.object({ job_id: ZId, reason: ZReason }),
    output: ZOk,
    tenantIds: { job_id: 'job' },
  }),
  taskReopen: procedure({
    path: '/task/reopen',
    summary: "Takes back the caller's own submitted job to modify it, while nobody reviews it yet; it is leased again.",
    input: z.object({ job_id: ZId }),
    output: z.object({ job: ZJobBrief }),
    tenantIds: { job_id: 'job' },
  }),
  taskFetchDict: procedure({
    path: '/task/fetch-dict',
    summary: "A label dictionary's enabled items for the annotation tool.",
    input: z.object({ dict_id: ZId }),
    output: z.object({
      items: z.array(
        z.object({ value: z.string(), label: z.string(), color: z.string(), shortcut: z.string().nullable() }),
      ),
    }),
    tenantIds: { dict_id: 'label_dict' },
  }),
} as const;
