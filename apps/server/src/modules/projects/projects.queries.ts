import { PROJECT_ACTION_FROM, PROJECT_ACTIONS, type TProjectDetail, type TProjectRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import { and, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { categoryName } from '../annotation-templates/index.ts';
import { projectMissing } from './project-setup-state.ts';

const { projects, annotationCategories, annotationTemplates, users, sites } = schema;

export type ProjectRecord = typeof projects.$inferSelect;

/** One project of the organisation (locked for the caller's transaction when asked), else not_found. */
export async function loadProject(db: Executor, siteId: number, id: number, lock = false): Promise<ProjectRecord> {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.siteId, siteId), eq(projects.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * Distinct users reached through a project's task people: users given directly and members of given groups.
 * Written with explicit table names (drizzle leaves columns unqualified in single-table selects).
 */
export const participantCount = sql<number>`(select count(*)::int from (
    select tp.user_id as uid from task_people tp join tasks t on t.id = tp.task_id
      where t.project_id = "projects"."id" and tp.user_id is not null
    union
    select su.user_id from task_people tp join tasks t on t.id = tp.task_id
      join group_members gm on gm.group_id = tp.group_id
      join site_users su on su.id = gm.site_user_id
      where t.project_id = "projects"."id"
  ) as reached)`;

const leader = alias(users, 'leader');
const creator = alias(users, 'creator');
const publisher = alias(users, 'publisher');

const rowColumns = {
  project: projects,
  categoryName: annotationCategories.name,
  categoryNameEn: annotationCategories.nameEn,
  taskType: annotationCategories.taskType,
  leaderNickname: leader.nickname,
  creatorNickname: creator.nickname,
  batchCount: sql<number>`(select count(*)::int from batches b where b.project_id = "projects"."id")`,
  participantCount,
};

function baseRows<E extends SelectedFields>(db: Executor, extra: E) {
  return db
    .select({ ...rowColumns, ...extra })
    .from(projects)
    .innerJoin(annotationCategories, eq(annotationCategories.id, projects.categoryId))
    .leftJoin(leader, eq(leader.id, projects.leaderId))
    .leftJoin(creator, eq(creator.id, projects.creatorId));
}

type RowResult = {
  project: ProjectRecord;
  categoryName: string;
  categoryNameEn: string;
  taskType: string;
  leaderNickname: string | null;
  creatorNickname: string | null;
  batchCount: number;
  participantCount: number;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const person = (id: number | null, nickname: string | null) =>
  id !== null && nickname !== null ? { id, nickname } : null;

/** A project as listed; its category named in the caller's language (the English name for en-US when it has one). */
export function presentProjectRow(row: RowResult, lang: Lang): TProjectRow {
  const p = row.project;
  return {
    id: p.id,
    name: p.name,
    category_id: p.categoryId,
    category_name: categoryName({ name: row.categoryName, nameEn: row.categoryNameEn }, lang),
    task_type: row.taskType,
    status: p.status,
    wizard_step: p.wizardStep,
    batch_count: row.batchCount,
    item_count: p.itemCount,
    participant_count: row.participantCount,
    start_at: p.startAt.toISOString(),
    end_at: p.endAt.toISOString(),
    leader: person(p.leaderId, row.leaderNickname),
    creator: person(p.creatorId, row.creatorNickname),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export interface ProjectFilter {
  status?: ProjectRecord['status'];
  category_id?: number;
  keyword?: string;
  page: number;
  pageSize: number;
}

function filterConditions(filter: ProjectFilter): SQL[] {
  const conditions: SQL[] = [];
  // Deleted projects show only when asked for by status.
  conditions.push(filter.status ? eq(projects.status, filter.status) : ne(projects.status, 'deleted'));
  if (filter.category_id) conditions.push(eq(projects.categoryId, filter.category_id));
  if (filter.keyword) conditions.push(ilike(projects.name, likePattern(filter.keyword)));
  return conditions;
}

/** One page of the organisation's projects, newest first. */
export async function listProjects(db: Executor, siteId: number, filter: ProjectFilter, lang: Lang) {
  const where = and(eq(projects.siteId, siteId), ...filterConditions(filter));
  const [rows, [counted]] = await Promise.all([
    baseRows(db, {})
      .where(where)
      .orderBy(desc(projects.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(projects).where(where),
  ]);
  return { rows: rows.map((row) => presentProjectRow(row, lang)), total: counted?.total ?? 0 };
}

/** The platform audit's list: projects of every organisation, with their organisation. */
export async function listProjectsForAudit(db: Executor, filter: ProjectFilter, lang: Lang) {
  const where = and(...filterConditions(filter));
  const [rows, [counted]] = await Promise.all([
    baseRows(db, { siteName: sites.name })
      .innerJoin(sites, eq(sites.id, projects.siteId))
      .where(where)
      .orderBy(desc(projects.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(projects).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...presentProjectRow(row, lang),
      site_id: row.project.siteId,
      site_name: row.siteName,
    })),
    total: counted?.total ?? 0,
  };
}

/** Which lifecycle actions the caller may take now (status and permission; publish also needs a full setup). */
export function allowedActions(ctx: TenantContext, status: ProjectRecord['status'], missing: readonly string[]) {
  return PROJECT_ACTIONS.filter(
    (action) =>
      PROJECT_ACTION_FROM[action].includes(status) &&
      ctx.session.permissions.has(`/project/${action}`) &&
      (action !== 'publish' || missing.length === 0),
  );
}

/** A project as the detail shows it (the caller checked it is the organisation's). */
export async function projectDetail(db: Executor, ctx: TenantContext, id: number): Promise<TProjectDetail> {
  const [row] = await baseRows(db, {
    publisherNickname: publisher.nickname,
    templateName: annotationTemplates.name,
    stepCount: sql<number>`(select count(*)::int from steps s where s.project_id = "projects"."id")`,
    taskCount: sql<number>`(select count(*)::int from tasks t where t.project_id = "projects"."id")`,
    attachmentCount: sql<number>`(select count(*)::int from project_attachments a where a.project_id = "projects"."id")`,
  })
    .leftJoin(publisher, eq(publisher.id, projects.publisherId))
    .leftJoin(annotationTemplates, eq(annotationTemplates.id, projects.templateId))
    .where(and(eq(projects.siteId, ctx.session.siteId), eq(projects.id, id)));
  if (!row) throw new AppError('not_found');
  const p = row.project;
  const missing = await projectMissing(db, p);
  return {
    ...presentProjectRow(row, ctx.lang),
    description: p.description,
    notes: p.notes,
    template_id: p.templateId,
    template_name: row.templateName,
    data_source: p.dataSource,
    total_bytes: p.totalBytes,
    batches_confirmed_at: iso(p.batchesConfirmedAt),
    audit_reason: p.auditReason,
    publisher: person(p.publisherId, row.publisherNickname),
    released_at: iso(p.releasedAt),
    step_count: row.stepCount,
    task_count: row.taskCount,
    attachment_count: row.attachmentCount,
    actions: allowedActions(ctx, p.status, missing),
    missing,
  };
}
