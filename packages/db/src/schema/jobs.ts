import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref, updatedAt } from './columns.ts';
import { sites, users } from './iam.ts';
import { dataItems, projectColumn, siteColumn, steps, tasks } from './projects.ts';

/** Job statuses of docs/domain.md; a decided review job is `submitted` with its `decision`. */
export type JobStatus = 'unclaimed' | 'in_progress' | 'submitted' | 'passed' | 'rejected' | 'pending' | 'expired';
export type ReviewDecision = 'pass' | 'reject' | 'reset';
/** Why a job went back to the pool or closed without a result. */
export type ExpireReason = 'lease' | 'exit' | 'task_end';

const userRef = (name: string) => ref(name).references(() => users.id, { onDelete: 'set null' });

/**
 * Jobs: one data item at one step. Execute jobs hold the work (`draft` while held, `result` once submitted);
 * a review job (audit, qc, acceptance) judges one execute job (`subject_job_id`) and ends `submitted` with its
 * decision. `sort_key` is the claim order, fixed at creation (data order, or by operator, sequential or random).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    siteId: siteColumn(),
    projectId: projectColumn(),
    taskId: ref('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    stepId: ref('step_id')
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    batchId: ref('batch_id').notNull(),
    dataItemId: ref('data_item_id')
      .notNull()
      .references(() => dataItems.id, { onDelete: 'cascade' }),
    /** For review jobs: the execute job judged. */
    subjectJobId: ref('subject_job_id'),
    /** For review jobs: who did the work judged (review order by operator; nobody reviews their own work). */
    subjectOperatorId: userRef('subject_operator_id'),
    status: varchar('status', { length: 16 }).notNull().default('unclaimed').$type<JobStatus>(),
    sortKey: bigint('sort_key', { mode: 'number' }).notNull(),
    /** The holder while in progress; afterwards who did it (rejected work goes back to them). */
    operatorId: userRef('operator_id'),
    claimedAt: at('claimed_at'),
    leaseEndsAt: at('lease_ends_at'),
    /** When the "will time out" warning was pushed for the current lease. */
    warnedAt: at('warned_at'),
    draft: jsonb('draft'),
    draftSavedAt: at('draft_saved_at'),
    result: jsonb('result'),
    submittedAt: at('submitted_at'),
    decision: varchar('decision', { length: 8 }).$type<ReviewDecision>(),
    reviewerId: userRef('reviewer_id'),
    reviewedAt: at('reviewed_at'),
    /** The reason of the last reject, reset or pend. */
    reason: varchar('reason', { length: 500 }),
    expireReason: varchar('expire_reason', { length: 16 }).$type<ExpireReason>(),
    expiredAt: at('expired_at'),
    /** The status a pending job returns to when an administrator resolves it. */
    statusBeforePend: varchar('status_before_pend', { length: 16 }).$type<JobStatus>(),
    /** Seconds spent holding the job, summed over leases that ended in a submit. */
    workSeconds: integer('work_seconds').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_pool').on(t.taskId, t.sortKey).where(sql`status = 'unclaimed'`),
    index('jobs_task_status').on(t.taskId, t.status),
    index('jobs_operator').on(t.operatorId, t.status),
    index('jobs_task_operator').on(t.taskId, t.operatorId, t.status),
    index('jobs_lease').on(t.leaseEndsAt).where(sql`status = 'in_progress'`),
    index('jobs_subject').on(t.subjectJobId),
    index('jobs_project').on(t.projectId, t.stepId),
    index('jobs_item').on(t.dataItemId),
    uniqueIndex('jobs_execute_item').on(t.stepId, t.dataItemId).where(sql`subject_job_id is null`),
    uniqueIndex('jobs_open_review')
      .on(t.stepId, t.subjectJobId)
      .where(sql`subject_job_id is not null and decision is null`),
  ],
);

export type JobAction =
  | 'claim'
  | 'expire'
  | 'exit'
  | 'submit'
  | 'pass'
  | 'reject'
  | 'reset'
  | 'pend'
  | 'resolve'
  | 'reopen'
  | 'assign'
  | 'task_end';

/**
 * The operation record of jobs (who, when, from, to, reason) and the source of performance statistics:
 * `operator_id` is whose work the line is about (the executor for review decisions), `actor_id` who acted.
 * Submit lines carry the counts of the result and the seconds worked.
 */
export const jobEvents = pgTable(
  'job_events',
  {
    id: id(),
    // Plain references: a line goes with its job (which goes with its project and organisation), and a claim
    // writes many lines, so foreign-key checks beyond the job's would only cost time.
    siteId: ref('site_id').notNull(),
    projectId: ref('project_id').notNull(),
    taskId: ref('task_id').notNull(),
    stepId: ref('step_id').notNull(),
    batchId: ref('batch_id').notNull(),
    jobId: ref('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    actorId: userRef('actor_id'),
    operatorId: userRef('operator_id'),
    action: varchar('action', { length: 16 }).notNull().$type<JobAction>(),
    fromStatus: varchar('from_status', { length: 16 }).$type<JobStatus>(),
    toStatus: varchar('to_status', { length: 16 }).$type<JobStatus>(),
    reason: varchar('reason', { length: 500 }),
    boxes: integer('boxes').notNull().default(0),
    points: integer('points').notNull().default(0),
    annotations: integer('annotations').notNull().default(0),
    workSeconds: integer('work_seconds').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_events_job').on(t.jobId, t.id),
    index('job_events_operator').on(t.siteId, t.operatorId, t.createdAt),
    index('job_events_project').on(t.projectId, t.createdAt),
    index('job_events_task').on(t.taskId, t.createdAt),
  ],
);

export type UserMessageKind =
  | 'job_rejected'
  | 'job_expired'
  | 'task_assigned'
  | 'job_reset'
  | 'job_pending'
  | 'question_reported'
  | 'question_report_handled'
  | 'exam_marked'
  | 'exam_regraded';

/** The message center's personal notices (rejections, expiries, new tasks); `params` fill the text. */
export const userMessages = pgTable(
  'user_messages',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24 }).notNull().$type<UserMessageKind>(),
    params: jsonb('params').notNull().default({}),
    readAt: at('read_at'),
    createdAt: atNow('created_at'),
  },
  (t) => [index('user_messages_user').on(t.userId, t.siteId, t.id)],
);
