import {
  DATA_FILE_URL,
  type TDataItemDetail,
  type TDataItemRow,
  type TDataKind,
  type TProjectAttachmentRow,
} from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { projects, dataItems, batches } = schema;
export type ProjectRecord = typeof projects.$inferSelect;
export type DataItemRecord = typeof dataItems.$inferSelect;

/** The caller's organisation's project, or `not_found`; `lock` holds it for the transaction (FOR UPDATE). */
export async function loadProject(db: Executor, ctx: TenantContext, projectId: number, lock = false) {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.siteId, ctx.session.siteId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** Data may be added or removed only while the project is a draft whose batches are not confirmed. */
export function dataLocked(project: Pick<ProjectRecord, 'status' | 'batchesConfirmedAt'>): boolean {
  return project.status !== 'draft' || project.batchesConfirmedAt !== null;
}

export function requireDataOpen(project: Pick<ProjectRecord, 'status' | 'batchesConfirmedAt'>): void {
  if (dataLocked(project)) throw new AppError('project_data_locked');
}

export async function loadItem(db: Executor, ctx: TenantContext, itemId: number) {
  const [row] = await db
    .select()
    .from(dataItems)
    .where(and(eq(dataItems.id, itemId), eq(dataItems.siteId, ctx.session.siteId)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** Folder of a project's private files in the file store. */
export const projectFolder = (projectId: number) => `projects/${projectId}`;

const itemColumns = {
  id: dataItems.id,
  seq: dataItems.seq,
  name: dataItems.name,
  kind: dataItems.kind,
  size: dataItems.size,
  batchId: dataItems.batchId,
  batchName: batches.name,
  filePath: dataItems.filePath,
  url: dataItems.url,
  createdAt: dataItems.createdAt,
};
type ItemRowRecord = { [K in keyof typeof itemColumns]: unknown } & {
  id: number;
  seq: number;
  name: string;
  kind: TDataKind;
  size: number;
  batchId: number | null;
  batchName: string | null;
  filePath: string | null;
  url: string | null;
  createdAt: Date;
};

export function itemRow(row: ItemRowRecord): TDataItemRow {
  const url = row.filePath ? DATA_FILE_URL.item(row.id) : row.url;
  return {
    id: row.id,
    seq: row.seq,
    name: row.name,
    kind: row.kind,
    size: row.size,
    batch_id: row.batchId,
    batch_name: row.batchName,
    url,
    thumbnail_url: row.kind === 'image' ? url : null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface ItemFilter {
  batchId?: number;
  kind?: TDataKind;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** A page of a project's items in upload order, with the total matching the filter. */
export async function listItems(db: Executor, siteId: number, projectId: number, filter: ItemFilter) {
  const conditions: SQL[] = [eq(dataItems.siteId, siteId), eq(dataItems.projectId, projectId)];
  if (filter.batchId) conditions.push(eq(dataItems.batchId, filter.batchId));
  if (filter.kind) conditions.push(eq(dataItems.kind, filter.kind));
  if (filter.keyword?.trim()) conditions.push(sql`${dataItems.name} ilike ${likePattern(filter.keyword.trim())}`);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(itemColumns)
      .from(dataItems)
      .leftJoin(batches, eq(batches.id, dataItems.batchId))
      .where(where)
      .orderBy(asc(dataItems.seq))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(dataItems).where(where),
  ]);
  return { rows: rows.map((r) => itemRow(r as ItemRowRecord)), total: counted?.count ?? 0 };
}

/** One item as the browser shows it, with its batch name. */
export async function itemRowById(db: Executor, itemId: number): Promise<TDataItemRow> {
  const [row] = await db
    .select(itemColumns)
    .from(dataItems)
    .leftJoin(batches, eq(batches.id, dataItems.batchId))
    .where(eq(dataItems.id, itemId));
  if (!row) throw new AppError('not_found');
  return itemRow(row as ItemRowRecord);
}

/** The batch of the caller's organisation in the project, or `not_found`. */
export async function requireBatch(db: Executor, siteId: number, projectId: number, batchId: number): Promise<void> {
  const [row] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.siteId, siteId), eq(batches.projectId, projectId)));
  if (!row) throw new AppError('not_found');
}

/** The project's counters as audit lines and answers show them. */
export const dataState = (p: Pick<ProjectRecord, 'itemCount' | 'totalBytes' | 'dataSource'>) => ({
  item_count: p.itemCount,
  total_bytes: p.totalBytes,
  data_source: p.dataSource,
});

const { projectAttachments } = schema;

const attachmentRow = (row: typeof projectAttachments.$inferSelect): TProjectAttachmentRow => ({
  id: row.id,
  name: row.name,
  size: row.size,
  url: DATA_FILE_URL.attachment(row.id),
  created_at: row.createdAt.toISOString(),
});

export async function listAttachments(db: Executor, siteId: number, projectId: number) {
  const rows = await db
    .select()
    .from(projectAttachments)
    .where(and(eq(projectAttachments.siteId, siteId), eq(projectAttachments.projectId, projectId)))
    .orderBy(asc(projectAttachments.id));
  return { list: rows.map(attachmentRow), total: rows.length };
}

export async function itemDetail(db: Executor, item: DataItemRecord, project: ProjectRecord): Promise<TDataItemDetail> {
  return {
    ...(await itemRowById(db, item.id)),
    project_id: item.projectId,
    payload: (item.payload as Record<string, unknown> | null) ?? null,
    source_url: item.url,
    editable: project.status === 'draft' && item.payload !== null,
  };
}
