import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { annotationCategories, annotationTemplates } from './annotation-catalogue.ts';
import { at, createdAt, id, ref, updatedAt } from './columns.ts';
import { groups } from './groups.ts';
import { sites, users } from './iam.ts';

export type ProjectStatus = 'draft' | 'releasing' | 'auditing' | 'doing' | 'paused' | 'complete' | 'deleted';
export type StepType = 'execute' | 'audit' | 'qc' | 'acceptance';
export type DataSource = 'files' | 'zip' | 'manifest';
export type DataItemKind = 'image' | 'video' | 'audio' | 'text' | 'point_cloud' | 'record';

/** The owning organisation of a project-side row (every one is tenant-owned). */
export const siteColumn = () =>
  ref('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });
/** The project a row belongs to; it goes with the project. */
export const projectColumn = () =>
  ref('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/** Annotation projects (docs/domain.md): draft -> releasing -> auditing -> doing <-> paused -> complete; deleted. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    siteId: siteColumn(),
    name: varchar('name', { length: 30 }).notNull(),
    categoryId: ref('category_id')
      .notNull()
      .references(() => annotationCategories.id),
    templateId: ref('template_id').references(() => annotationTemplates.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).notNull().default('draft').$type<ProjectStatus>(),
    /** The status to return to when a deleted project is recovered. */
    statusBeforeDelete: varchar('status_before_delete', { length: 16 }).$type<ProjectStatus>(),
    /** The wizard step the creator reached (0 info ... 7 people); a draft resumes there. */
    wizardStep: integer('wizard_step').notNull().default(0),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull().default(''),
    dataSource: varchar('data_source', { length: 16 }).$type<DataSource>(),
    itemCount: integer('item_count').notNull().default(0),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
    batchesConfirmedAt: at('batches_confirmed_at'),
    /** The platform administrator's reason when the release was refused. */
    auditReason: varchar('audit_reason', { length: 255 }),
    leaderId: ref('leader_id').references(() => users.id, { onDelete: 'set null' }),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    publisherId: ref('publisher_id').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: at('released_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_site').on(t.siteId, t.status), index('projects_status').on(t.status)],
);

/** Requirement documents of a project (at most 50). */
export const projectAttachments = pgTable(
  'project_attachments',
  {
    id: id(),
    siteId: siteColumn(),
    projectId: projectColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    filePath: text('file_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_attachments_project').on(t.projectId)],
);

/** Batches: the items split once (confirmed) and then fixed. */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    siteId: siteColumn(),
    projectId: projectColumn(),
    name: varchar('name', { length: 30 }).notNull(),
    seq: integer('seq').notNull(),
    itemCount: integer('item_count').notNull(),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('open').$type<'open' | 'complete'>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('batches_project_seq').on(t.projectId, t.seq)],
);

/**
 * Data items: one unit to annotate (a stored file, an outside URL or a record), in upload order (`seq`);
 * `batchId` is set when the batches are confirmed.
 */
export const dataItems = pgTable(
  'data_items',
  {
    id: id(),
    siteId: siteColumn(),
    projectId: projectColumn(),
    batchId: ref('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    seq: integer('seq').notNull(),
    kind: varchar('kind', { length: 16 }).notNull().$type<DataItemKind>(),
    name: varchar('name', { length: 255 }).notNull(),
    /** Path in the file store for uploaded files. */
    filePath: text('file_path'),
    /** An outside address, for manifest records that point at their media. */
    url: text('url'),
    /** The record's own fields (manifest rows) or the text to annotate. */
    payload: jsonb('payload'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('data_items_project_seq').on(t.projectId, t.seq), index('data_items_batch').on(t.batchId)],
);

/** Workflow steps (processes): execute, then audit / qc / acceptance hanging under an execute step. */
export const steps = pgTable(
  'steps',
  {
    id: id(),
    siteId: siteColumn(),
    projectId: projectColumn(),
    name: varchar('name', { length: 6 }).notNull(),
    type: varchar('type', { length: 16 }).notNull().$type<StepType>(),
    parentStepId: ref('parent_step_id'),
    categoryId: ref('category_id').references(() => annotationCategories.id),
    templateId: ref('template_id').references(() => annotationTemplates.id, { onDelete: 'set null' }),
    seq: integer('seq').notNull(),
    /** Execution condition: review order, QC sample ratio and the like (contracts: ZStepConfig). */
    config: jsonb('config').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('steps_project_name').on(t.projectId, t.name), index('steps_project').on(t.projectId)],
);

/** Tasks: one per step and batch, with the claim size, lease length, window, target and people. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    siteId: siteColumn(),
    projectId: projectColumn(),
    stepId: ref('step_id')
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    batchId: ref('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    claimSize: integer('claim_size').notNull().default(1),
    leaseSeconds: integer('lease_seconds').notNull().default(3600),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    target: varchar('target', { length: 16 }).notNull().default('team').$type<'team' | 'crowd' | 'ai'>(),
    status: varchar('status', { length: 16 })
      .notNull()
      .default('pending')
      .$type<'pending' | 'released' | 'paused' | 'complete'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tasks_step_batch').on(t.stepId, t.batchId), index('tasks_project').on(t.projectId)],
);

/** People of a task: a user or a whole team group. */
export const taskPeople = pgTable(
  'task_people',
  {
    id: id(),
    siteId: siteColumn(),
    taskId: ref('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: ref('group_id').references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('task_people_task').on(t.taskId),
    index('task_people_user').on(t.userId),
    uniqueIndex('task_people_task_user').on(t.taskId, t.userId),
    uniqueIndex('task_people_task_group').on(t.taskId, t.groupId),
  ],
);
