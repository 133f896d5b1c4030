import { TEACHING_SOURCE_MANAGE_ALL_KEY, type TTeachingSource } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';
import { rawMoment } from '../../platform/raw-moment.ts';
import type { TeachingSourceKind } from './source-files.ts';

const { teachingSources } = schema;
export type SourceRecord = typeof teachingSources.$inferSelect;

/** Who is asking: the user and the keys of their current role. */
export interface SourceCaller {
  userId: number;
  permissions: ReadonlySet<string>;
}

/** Managers (holders of `/dataset-source/all`) see and change every source of the organisation. */
export const managesAllSources = (caller: SourceCaller) => caller.permissions.has(TEACHING_SOURCE_MANAGE_ALL_KEY);

/** Where teachers open a source's file: what browsers show, or with `download` the uploaded original. */
export const teachingSourceFileUrl = (id: number, download = false) =>
  `/api/file/teaching-source/${id}${download ? '?download=1' : ''}`;

/** The course tasks of the organisation that show a source (their material is `{type:'source', source_id}`). */
const tasksShowing = (siteId: number, sourceId: SQL) =>
  sql`select count(*)::int from course_tasks t where t.site_id = ${siteId}
    and t.material->>'type' = 'source' and (t.material->>'source_id')::bigint = ${sourceId}`;

/**
 * One source of the organisation the caller may see (their own; any for a manager), locked for update or share when
 * asked; anything else is not_found.
 */
export async function loadSource(
  db: Executor,
  siteId: number,
  caller: SourceCaller,
  id: number,
  lock?: 'update' | 'share',
): Promise<SourceRecord> {
  const query = db
    .select()
    .from(teachingSources)
    .where(and(eq(teachingSources.siteId, siteId), eq(teachingSources.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row || (row.ownerId !== caller.userId && !managesAllSources(caller))) throw new AppError('not_found');
  return row;
}

/** How many course tasks of the organisation show the source. */
export async function sourceTaskCount(db: Executor, siteId: number, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select (${tasksShowing(siteId, sql`${id}::bigint`)}) as n`);
  return Number(row?.n ?? 0);
}

interface SourceRowSql {
  id: number;
  kind: TeachingSourceKind;
  title: string;
  file_name: string;
  file_size: number | string;
  status: TTeachingSource['status'];
  failure: string | null;
  view_key: string | null;
  duration_seconds: number | null;
  owner_id: number | null;
  owner_name: string | null;
  task_count: number;
  created_at: Date | string;
}

function sourcesQuery(siteId: number, where: SQL, tail: SQL) {
  return sql`select s.id, s.kind, s.title, s.file_name, s.file_size, s.status, s.failure, s.view_key,
      s.duration_seconds, s.owner_id, u.nickname as owner_name, s.created_at,
      (${tasksShowing(siteId, sql`s.id`)}) as task_count
    from teaching_sources s
    left join users u on u.id = s.owner_id
    where s.site_id = ${siteId} and ${where}
    ${tail}`;
}

function present(row: SourceRowSql): TTeachingSource {
  const id = Number(row.id);
  return {
    id,
    kind: row.kind,
    title: row.title,
    file_name: row.file_name,
    file_size: Number(row.file_size),
    status: row.status,
    failure: row.failure,
    view_url: row.status === 'ready' && row.view_key ? teachingSourceFileUrl(id) : null,
    download_url: teachingSourceFileUrl(id, true),
    duration_seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    owner_id: row.owner_id === null ? null : Number(row.owner_id),
    owner_name: row.owner_name ?? '',
    task_count: Number(row.task_count),
    created_at: rawMoment(row.created_at)!,
  };
}

/**
 * `/dataset-source/list` and `/dataset-source/all`: newest first; `owner` limits to one owner's sources (the
 * caller's), null lists the organisation's. Keyword on title and file name.
 */
export async function listSources(
  db: Executor,
  siteId: number,
  owner: number | null,
  input: { page: number; pageSize: number; keyword?: string; kind?: TeachingSourceKind },
): Promise<{ list: TTeachingSource[]; total: number }> {
  const conditions: SQL[] = [];
  if (owner !== null) conditions.push(sql`s.owner_id = ${owner}`);
  if (input.kind) conditions.push(sql`s.kind = ${input.kind}`);
  const keyword = input.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(sql`(s.title ilike ${pattern} or s.file_name ilike ${pattern})`);
  }
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const { rows, total } = await pageWithTotal(
    queryRows<SourceRowSql>(
      db,
      sourcesQuery(siteId, where, sql`order by s.id desc limit ${input.pageSize} offset ${pageOffset(input)}`),
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from teaching_sources s where s.site_id = ${siteId}
      and ${where}`,
    ),
  );
  return { list: rows.map(present), total };
}

/** One source as the API shows it (access checked by the caller). */
export async function sourceDetail(db: Executor, siteId: number, id: number): Promise<TTeachingSource> {
  const [row] = await queryRows<SourceRowSql>(db, sourcesQuery(siteId, sql`s.id = ${id}`, sql``));
  if (!row) throw new AppError('not_found');
  return present(row);
}

/** What the courses module needs of a source to show it in a material task. */
export interface TeachingSourceFile {
  id: number;
  kind: TeachingSourceKind;
  title: string;
  fileName: string;
  fileKey: string;
  viewKey: string | null;
  status: SourceRecord['status'];
  failure: string | null;
  durationSeconds: number | null;
  ownerId: number | null;
}

/**
 * The organisation's sources among `ids` (others and missing ones left out), by id. `viewKey` is set only once the
 * source is ready to be shown.
 */
export async function readTeachingSources(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<Map<number, TeachingSourceFile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(teachingSources)
    .where(and(eq(teachingSources.siteId, siteId), inArray(teachingSources.id, [...new Set(ids)])));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        kind: row.kind,
        title: row.title,
        fileName: row.fileName,
        fileKey: row.fileKey,
        viewKey: row.status === 'ready' ? row.viewKey : null,
        status: row.status,
        failure: row.failure,
        durationSeconds: row.durationSeconds,
        ownerId: row.ownerId,
      },
    ]),
  );
}
