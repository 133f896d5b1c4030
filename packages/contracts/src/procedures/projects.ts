import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Annotation projects (module 9, content production): the list, the detail, the info step of the wizard and the
 * lifecycle of docs/domain.md. The other wizard steps are in `project-setup.ts`.
 */
export const PROJECT_LIMITS = {
  nameMin: 2,
  nameMax: 30,
  text: 2000,
  attachmentsPerProject: 50,
  attachmentsInInfoStep: 5,
} as const;

export const PROJECT_STATUSES = ['draft', 'releasing', 'auditing', 'doing', 'paused', 'complete', 'deleted'] as const;
export type TProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Lifecycle actions; `PROJECT_ACTION_FROM` says from which statuses each is allowed. */
export const PROJECT_ACTIONS = ['publish', 'pause', 'restart', 'complete', 'delete', 'recovery', 'copy'] as const;
export type TProjectAction = (typeof PROJECT_ACTIONS)[number];
export const PROJECT_ACTION_FROM: Readonly<Record<TProjectAction, readonly TProjectStatus[]>> = {
  publish: ['releasing'],
  pause: ['doing'],
  restart: ['paused'],
  complete: ['doing', 'paused'],
  delete: ['draft', 'releasing', 'paused', 'complete'],
  recovery: ['deleted'],
  copy: ['draft', 'releasing', 'auditing', 'doing', 'paused', 'complete'],
};

/** The wizard's steps in order; a project's `wizard_step` is the index of the step its creator reached. */
export const WIZARD_STEPS = ['info', 'template', 'data', 'confirm', 'batches', 'processes', 'tasks', 'people'] as const;
export type TWizardStep = (typeof WIZARD_STEPS)[number];

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
/** A moment as ISO 8601 with an offset. */
export const ZProjectMoment = z.iso.datetime({ offset: true });
export const ZProjectName = z
  .string()
  .trim()
  .min(PROJECT_LIMITS.nameMin, 'validation.too_short')
  .max(PROJECT_LIMITS.nameMax, 'validation.too_long');
const ZLongText = z.string().max(PROJECT_LIMITS.text, 'validation.too_long').default('');

/** The info step: end strictly later than start (checked as `project_end_before_start`). */
export const ZProjectInfo = z.object({
  name: ZProjectName,
  category_id: ZId,
  start_at: ZProjectMoment,
  end_at: ZProjectMoment,
  description: ZLongText,
  notes: ZLongText,
  leader_id: ZId.nullable().optional(),
});
export type TProjectInfo = z.infer<typeof ZProjectInfo>;

const ZPersonRef = z.object({ id: z.number().int(), nickname: z.string() }).nullable();

export const ZProjectRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  task_type: z.string(),
  status: z.enum(PROJECT_STATUSES),
  wizard_step: z.number().int(),
  batch_count: z.number().int(),
  item_count: z.number().int(),
  participant_count: z.number().int(),
  start_at: z.string(),
  end_at: z.string(),
  leader: ZPersonRef,
  creator: ZPersonRef,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProjectRow = z.infer<typeof ZProjectRow>;

export const ZProjectDetail = ZProjectRow.extend({
  description: z.string(),
  notes: z.string(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  data_source: z.enum(['files', 'zip', 'manifest']).nullable(),
  total_bytes: z.number().int(),
  batches_confirmed_at: z.string().nullable(),
  audit_reason: z.string().nullable(),
  publisher: ZPersonRef,
  released_at: z.string().nullable(),
  step_count: z.number().int(),
  task_count: z.number().int(),
  attachment_count: z.number().int(),
  /** Lifecycle actions allowed now for this caller (the buttons the detail shows). */
  actions: z.array(z.enum(PROJECT_ACTIONS)),
  /** What is still missing before the project can be published (empty when ready). */
  missing: z.array(z.enum(['template', 'data', 'batches', 'steps', 'tasks', 'people'])),
});
export type TProjectDetail = z.infer<typeof ZProjectDetail>;

export const ZProjectRecord = z.object({
  id: z.number().int(),
  action: z.string(),
  user: ZPersonRef,
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type TProjectRecord = z.infer<typeof ZProjectRecord>;

const ZReason = z.string().trim().min(1, 'validation.required').max(255, 'validation.too_long');

export const projectProcedures = {
  projectList: procedure({
    path: '/project/list',
    summary:
      "The organisation's projects with status, batch count, data total and participants; deleted ones only when asked for by status.",
    input: ZListInput.extend({
      status: z.enum(PROJECT_STATUSES).optional(),
      category_id: ZId.optional(),
    }),
    output: listOutput(ZProjectRow),
  }),
  projectForm: procedure({
    path: '/project/form',
    summary:
      'What the project forms offer: possible leaders, the team groups and the members who can work execute or review steps.',
    input: z.object({}),
    output: z.object({
      leaders: z.array(z.object({ id: z.number().int(), nickname: z.string(), username: z.string() })),
      groups: z.array(z.object({ id: z.number().int(), name: z.string(), member_count: z.number().int() })),
      /**
       * Members who can be given tasks: `work` says which steps each can work (a role of theirs here holds the
       * keys of `STEP_WORK_KEYS`); members who can work none are not listed.
       */
      members: z.array(
        z.object({
          id: z.number().int(),
          nickname: z.string(),
          username: z.string(),
          roles: z.array(z.string()),
          work: z.array(z.enum(['execute', 'review'])),
        }),
      ),
    }),
  }),
  projectDetail: procedure({
    path: '/project/detail',
    summary: 'One project with its counts, the lifecycle actions allowed now and what is missing before publishing.',
    input: z.object({ id: ZId }),
    output: ZProjectDetail,
    tenantIds: { id: 'project' },
  }),
  projectCreate: procedure({
    path: '/project/create',
    summary: "The wizard's info step: creates a draft project (name 2-30, category, start, end later than start).",
    input: ZProjectInfo,
    output: ZProjectDetail,
    tenantIds: { leader_id: 'user' },
  }),
  projectUpdate: procedure({
    path: '/project/update',
    summary:
      "Changes a project's info; the category only while no template or step is chosen; not once complete or deleted.",
    input: ZProjectInfo.extend({ id: ZId }),
    output: ZProjectDetail,
    tenantIds: { id: 'project', leader_id: 'user' },
  }),
  projectPublish: procedure({
    path: '/project/publish',
    summary: 'Releases a fully set-up project to the platform audit (releasing -> auditing).',
    input: z.object({ id: ZId }),
    output: ZProjectDetail,
    tenantIds: { id: 'project' },
  }),
  projectPause: procedure({
    path: '/project/pause',
    summary: 'Pauses a project in progress (doing -> paused): nobody can claim its jobs meanwhile.',
    input: z.object({ id: ZId }),
    output: ZProjectDetail,
    tenantIds: { id: 'project' },
  }),
  projectRestart: procedure({
    path: '/project/restart',
    summary: 'Restarts a paused project (paused -> doing).',
    input: z.object({ id: ZId }),
    output: ZProjectDetail,
    tenantIds: { id: 'project' },
  }),
  projectComplete: procedure({
    path: '/project/complete',
    summary: 'Sets a project complete (doing or paused -> complete).',
    input: z.object({ id: ZId }),
    output: ZProjectDetail,
    tenantIds: { id: 'project' },
  }),
  projectDelete: procedure({
    path: '/project/delete',
    summary: 'Deletes a project that is not auditing or in progress; it can be recovered.',
    input: z.object({ id: ZId }),
    output: ZProjectDetail,
    tenantIds: { id: 'project' },
  }),
  projectRecovery: procedure({
    path: '/project/recovery',
    summary: 'Recovers a deleted project to the status it had.',
    input: z.object({ id: ZId }),
    output: ZProjectDetail,
    tenantIds: { id: 'project' },
  }),
  projectCopy: procedure({
    path: '/project/copy',
    summary: "Copies a project's info, template and steps into a new draft (no data, batches, tasks or people).",
    input: z.object({ id: ZId, name: ZProjectName.optional() }),
    output: ZProjectDetail,
    tenantIds: { id: 'project' },
  }),
  projectRecords: procedure({
    path: '/project/records',
    summary: "A project's operation records: every change, who made it and when, newest first.",
    input: ZListInput.extend({ project_id: ZId }),
    output: listOutput(ZProjectRecord),
    tenantIds: { project_id: 'project' },
  }),
  projectAuditList: procedure({
    path: '/project/audit-list',
    platform: true,
    summary: 'Projects of every organisation waiting for the platform audit (or another status when asked).',
    input: ZListInput.extend({ status: z.enum(PROJECT_STATUSES).default('auditing') }),
    output: listOutput(ZProjectRow.extend({ site_id: z.number().int(), site_name: z.string() })),
  }),
  projectAudit: procedure({
    path: '/project/audit',
    platform: true,
    summary:
      'The platform audit of a released project: approve (auditing -> doing) or reject with a reason (-> releasing).',
    input: z.discriminatedUnion('decision', [
      z.object({ id: ZId, decision: z.literal('approve') }),
      z.object({ id: ZId, decision: z.literal('reject'), reason: ZReason }),
    ]),
    output: ZOk,
  }),
} as const;
