import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZProjectDetail, ZProjectMoment } from './projects.ts';

/**
 * The project wizard after its info step (docs/domain.md, annotation side): template, data confirmation, batches,
 * processes (steps), tasks and people. Each save moves the project's `wizard_step` forward, so a creator who
 * leaves resumes where they were. Setup can change until the project is published; people can also change later.
 */
export const STEP_TYPES = ['execute', 'audit', 'qc', 'acceptance'] as const;
export type TStepType = (typeof STEP_TYPES)[number];
export const TASK_TARGETS = ['team', 'crowd', 'ai'] as const;
export type TTaskTarget = (typeof TASK_TARGETS)[number];
export const REVIEW_ORDERS = ['operator', 'data'] as const;

export const SETUP_LIMITS = {
  stepNameMin: 2,
  stepNameMax: 6,
  steps: 20,
  batchName: 30,
  batches: 500,
  claimSizeMax: 1000,
  leaseSecondsMax: 7 * 86_400,
  peoplePerTask: 1000,
} as const;

const ZId = z.number().int().positive();
/** Whole numbers of at least 1. */
const ZCount = (max: number) => z.number().int('validation.integer').min(1, 'validation.at_least_one').max(max);

/** A step's execution condition: review order (by operator or data order, sequential or random) and QC sample. */
export const ZStepConfig = z.object({
  review_order: z.enum(REVIEW_ORDERS).default('data'),
  review_random: z.boolean().default(false),
  /** QC steps: the percentage of passed jobs sampled (1-100). */
  qc_ratio: z.number().int().min(1).max(100).default(100),
  /** Review steps: the reviewer may correct the result while judging it. */
  open_audit_edit: z.boolean().default(false),
});
export type TStepConfig = z.infer<typeof ZStepConfig>;

export const ZStepInput = z.object({
  /** A key of the client's choosing that names this step within the save (its id when it exists). */
  key: z.string().min(1).max(40),
  name: z
    .string()
    .trim()
    .min(SETUP_LIMITS.stepNameMin, 'validation.too_short')
    .max(SETUP_LIMITS.stepNameMax, 'validation.too_long'),
  type: z.enum(STEP_TYPES),
  /** audit / qc / acceptance: the key of their execute step. */
  parent_key: z.string().min(1).max(40).nullable().optional(),
  category_id: ZId.nullable().optional(),
  template_id: ZId.nullable().optional(),
  config: ZStepConfig.default({ review_order: 'data', review_random: false, qc_ratio: 100, open_audit_edit: false }),
});
export type TStepInput = z.infer<typeof ZStepInput>;

export const ZStepRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(STEP_TYPES),
  parent_step_id: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  seq: z.number().int(),
  config: ZStepConfig,
});
export type TStepRow = z.infer<typeof ZStepRow>;

export const ZBatchRow = z.object({
  id: z.number().int(),
  name: z.string(),
  seq: z.number().int(),
  item_count: z.number().int(),
  total_bytes: z.number().int(),
  status: z.enum(['open', 'complete']),
});
export type TBatchRow = z.infer<typeof ZBatchRow>;

export const ZTaskInput = z.object({
  step_id: ZId,
  batch_id: ZId,
  claim_size: ZCount(SETUP_LIMITS.claimSizeMax),
  lease_seconds: ZCount(SETUP_LIMITS.leaseSecondsMax),
  start_at: ZProjectMoment,
  end_at: ZProjectMoment,
  target: z.enum(TASK_TARGETS),
});
export type TTaskInput = z.infer<typeof ZTaskInput>;

const ZPerson = z.object({ id: z.number().int(), nickname: z.string(), username: z.string() });
const ZGroupRef = z.object({ id: z.number().int(), name: z.string(), member_count: z.number().int() });

export const ZTaskRow = ZTaskInput.extend({
  /** null: not saved yet (a suggestion from the project's window and defaults). */
  id: z.number().int().nullable(),
  name: z.string(),
  step_name: z.string(),
  step_type: z.enum(STEP_TYPES),
  batch_name: z.string(),
  status: z.enum(['pending', 'released', 'paused', 'complete']),
  users: z.array(ZPerson),
  groups: z.array(ZGroupRef),
  /** Distinct people reached through users and groups. */
  people_count: z.number().int(),
});
export type TTaskRow = z.infer<typeof ZTaskRow>;

const ZProjectOnly = z.object({ project_id: ZId });

export const projectSetupProcedures = {
  setupSetTemplate: procedure({
    path: '/project/set-template',
    summary: "The wizard's template step: the project's template, of its category, common or the organisation's own.",
    input: z.object({ project_id: ZId, template_id: ZId }),
    output: ZProjectDetail,
    tenantIds: { project_id: 'project', template_id: 'template' },
  }),
  setupConfirmData: procedure({
    path: '/project/confirm-data',
    summary: "The wizard's confirm step: the uploaded data is what the project works on (at least one item).",
    input: ZProjectOnly,
    output: ZProjectDetail,
    tenantIds: { project_id: 'project' },
  }),
  setupBatchList: procedure({
    path: '/batch/list',
    summary: "A project's batches in order with their item counts and sizes.",
    input: ZProjectOnly,
    output: z.object({ list: z.array(ZBatchRow), confirmed: z.boolean(), item_count: z.number().int() }),
    tenantIds: { project_id: 'project' },
  }),
  setupBatchConfirm: procedure({
    path: '/batch/confirm',
    summary:
      'Splits the items into batches in data order (counts positive integers summing to the total) and fixes the split.',
    input: z.object({
      project_id: ZId,
      batches: z
        .array(
          z.object({
            name: z.string().trim().min(1, 'validation.required').max(SETUP_LIMITS.batchName, 'validation.too_long'),
            count: ZCount(10_000_000),
          }),
        )
        .min(1)
        .max(SETUP_LIMITS.batches),
    }),
    output: z.object({ list: z.array(ZBatchRow), confirmed: z.boolean(), item_count: z.number().int() }),
    tenantIds: { project_id: 'project' },
  }),
  setupStepList: procedure({
    path: '/step/list',
    summary: "A project's steps (processes) in order.",
    input: ZProjectOnly,
    output: z.object({ list: z.array(ZStepRow) }),
    tenantIds: { project_id: 'project' },
  }),
  setupStepSave: procedure({
    path: '/step/save',
    summary:
      "Replaces a project's steps: names 2-6 and unique, execute steps with a category and template, audit / qc / acceptance under an execute step with a template, at least one step.",
    input: z.object({ project_id: ZId, steps: z.array(ZStepInput).min(1).max(SETUP_LIMITS.steps) }),
    output: z.object({ list: z.array(ZStepRow) }),
    tenantIds: { project_id: 'project' },
  }),
  setupTaskList: procedure({
    path: '/project/task-list',
    summary: 'One task per step and batch: the saved ones, and suggestions for the pairs not saved yet.',
    input: ZProjectOnly,
    output: z.object({ list: z.array(ZTaskRow) }),
    tenantIds: { project_id: 'project' },
  }),
  setupTaskSave: procedure({
    path: '/project/task-save',
    summary:
      'Saves the tasks of every step and batch: claim size and lease seconds whole numbers of at least 1, start and end within the project, a release target.',
    input: z.object({ project_id: ZId, tasks: z.array(ZTaskInput).min(1).max(10_000) }),
    output: z.object({ list: z.array(ZTaskRow) }),
    tenantIds: { project_id: 'project' },
  }),
  setupPeopleSave: procedure({
    path: '/project/people-save',
    summary:
      "Sets the people (members and team groups of the organisation) of a project's tasks; finishing the wizard makes a draft ready to publish.",
    input: z.object({
      project_id: ZId,
      tasks: z
        .array(
          z.object({
            task_id: ZId,
            user_ids: z.array(ZId).max(SETUP_LIMITS.peoplePerTask),
            group_ids: z.array(ZId).max(SETUP_LIMITS.peoplePerTask),
          }),
        )
        .min(1)
        .max(10_000),
    }),
    output: z.object({ list: z.array(ZTaskRow) }),
    tenantIds: { project_id: 'project' },
  }),
} as const;
