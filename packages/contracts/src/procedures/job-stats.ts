import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { JOB_STATUSES } from './jobs.ts';
import { ZFilePayload } from './members.ts';

/**
 * Performance statistics (docs/domain.md): per operator and per day, from the job operation records. Accuracy =
 * approvals / (approvals + rejections + resets), null without any decision; fit accuracy = fields equal to
 * another execute step's result on the same item / fields compared, null when nothing was compared.
 */
const ZId = z.number().int().positive();
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid_value');

export const STAT_FIELDS = [
  'sheets',
  'boxes',
  'points',
  'annotations',
  'work_seconds',
  'approvals',
  'rejections',
  'resets',
  'accuracy',
] as const;
export const STAT_OPS = ['gt', 'lt', 'gte', 'lte', 'eq'] as const;

export const ZStatFigures = z.object({
  sheets: z.number().int(),
  boxes: z.number().int(),
  points: z.number().int(),
  annotations: z.number().int(),
  work_seconds: z.number().int(),
  /** Review decisions made by this person (audit, qc, acceptance jobs decided). */
  reviews: z.number().int(),
  approvals: z.number().int(),
  rejections: z.number().int(),
  resets: z.number().int(),
  accuracy: z.number().nullable(),
  fit_accuracy: z.number().nullable(),
});
export type TStatFigures = z.infer<typeof ZStatFigures>;

/** The range and scope every statistic takes: days are UTC dates, both ends included. */
export const ZStatScope = z.object({
  from: ZDay,
  to: ZDay,
  project_id: ZId.optional(),
  task_id: ZId.optional(),
});
const SCOPE_IDS = { project_id: 'project', task_id: 'task' } as const;

export const ZStatCondition = z.object({
  field: z.enum(STAT_FIELDS),
  op: z.enum(STAT_OPS),
  value: z.number(),
});

export const ZStatUserRow = ZStatFigures.extend({ user_id: z.number().int(), nickname: z.string() });
export const ZStatDayRow = ZStatFigures.extend({ day: ZDay });

export const jobStatProcedures = {
  statUsers: procedure({
    path: '/stat/users',
    summary: 'Team performance: the figures of each operator over the range, filtered by conditions on them.',
    input: ZListInput.extend(ZStatScope.shape).extend({
      conditions: z.array(ZStatCondition).max(10).default([]),
    }),
    output: listOutput(ZStatUserRow),
    tenantIds: SCOPE_IDS,
  }),
  statUser: procedure({
    path: '/stat/user',
    summary:
      "One operator's figures per day over the range (the caller's own when no user is named; others need /stat/users).",
    input: ZStatScope.extend({ user_id: ZId.optional() }),
    output: z.object({ days: z.array(ZStatDayRow), total: ZStatFigures }),
    tenantIds: { ...SCOPE_IDS, user_id: 'user' },
  }),
  statDaily: procedure({
    path: '/stat/daily',
    summary: "Daily team performance: the team's figures per day over the range.",
    input: ZStatScope,
    output: z.object({ days: z.array(ZStatDayRow), total: ZStatFigures }),
    tenantIds: SCOPE_IDS,
  }),
  statListByBatch: procedure({
    path: '/stat/list-by-batch',
    summary: "A project's performance per batch and step: job counts by status and the figures.",
    input: z.object({ project_id: ZId }),
    output: z.object({
      list: z.array(
        ZStatFigures.extend({
          batch_id: z.number().int(),
          batch_name: z.string(),
          step_id: z.number().int(),
          step_name: z.string(),
          counts: z.record(z.enum(JOB_STATUSES), z.number().int()),
        }),
      ),
    }),
    tenantIds: { project_id: 'project' },
  }),
  statDashboard: procedure({
    path: '/stat/dashboard',
    summary:
      "The operator dashboard: the caller's jobs by status now, and their annotation figures per day over the range.",
    input: z.object({ from: ZDay, to: ZDay }),
    output: z.object({
      status_counts: z.record(z.enum(JOB_STATUSES), z.number().int()),
      days: z.array(ZStatDayRow),
      total: ZStatFigures,
    }),
  }),
  statExport: procedure({
    path: '/stat/export',
    summary: 'Team performance (per operator) or daily team performance over the range as an xlsx file (base64).',
    input: ZStatScope.extend({ kind: z.enum(['users', 'daily']) }),
    output: ZFilePayload,
    tenantIds: SCOPE_IDS,
  }),
} as const;
