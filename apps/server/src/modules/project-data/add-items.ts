import type { TDataSource } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { dataState, loadProject, type ProjectRecord, requireDataOpen } from './project-data.queries.ts';

const { projects, dataItems } = schema;

/** Rows per INSERT: 2,000 rows x 9 columns stay well under PostgreSQL's 65,535 parameters. */
export const INSERT_BATCH = 2000;

export interface NewItem {
  kind: (typeof dataItems.$inferInsert)['kind'];
  name: string;
  filePath?: string | null;
  url?: string | null;
  payload?: Record<string, unknown> | null;
  size: number;
}

/** Only one data source per project: another one is refused until the data is cleared. */
export function requireSource(project: Pick<ProjectRecord, 'dataSource'>, source: TDataSource): void {
  if (project.dataSource !== null && project.dataSource !== source) {
    throw new AppError('data_source_conflict', {}, { data_source: project.dataSource });
  }
}

/** Sets item_count and total_bytes from the project's items (same transaction as the change). */
export async function refreshCounters(tx: Executor, projectId: number, extra: Partial<ProjectRecord> = {}) {
  const [after] = await tx
    .update(projects)
    .set({
      itemCount: sql`(select count(*)::int from ${dataItems} where ${dataItems.projectId} = ${projectId})`,
      totalBytes: sql`(select coalesce(sum(${dataItems.size}), 0)::bigint from ${dataItems} where ${dataItems.projectId} = ${projectId})`,
      updatedAt: new Date(),
      ...extra,
    })
    .where(eq(projects.id, projectId))
    .returning();
  return after!;
}

export interface AddSummary {
  /** What the audit line says about the upload besides the counts (file names, failure count). */
  audit: Record<string, unknown>;
}

/**
 * Adds items in one transaction holding the project row: re-checks that data may change and the source, numbers
 * the items after the last one in the order `produce` pushes them, inserts them INSERT_BATCH at a time (so memory
 * does not grow with the upload), updates the counters and writes the audit line.
 */
export async function addItems(
  ctx: TenantContext,
  projectId: number,
  source: TDataSource,
  produce: (push: (item: NewItem) => Promise<void>) => Promise<AddSummary>,
) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, ctx, projectId, true);
    requireDataOpen(before);
    requireSource(before, source);
    const [last] = await tx
      .select({ seq: sql<number>`coalesce(max(${dataItems.seq}), 0)::int` })
      .from(dataItems)
      .where(eq(dataItems.projectId, projectId));
    let seq = last?.seq ?? 0;
    let added = 0;
    let buffer: NewItem[] = [];
    const flush = async () => {
      if (buffer.length === 0) return;
      const rows = buffer.map((item, i) => ({
        seq: seq - buffer.length + i + 1,
        kind: item.kind,
        name: item.name,
        file_path: item.filePath ?? null,
        url: item.url ?? null,
        payload: item.payload ?? null,
        size: item.size,
      }));
      buffer = [];
      // One JSON parameter per batch: PostgreSQL parses it far faster than thousands of bound values.
      await tx.execute(sql`
        insert into ${dataItems} (site_id, project_id, seq, kind, name, file_path, url, payload, size)
        select ${siteId}, ${projectId}, r.seq, r.kind, r.name, r.file_path, r.url, r.payload, r.size
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(seq int, kind text, name text, file_path text, url text, payload jsonb, size bigint)`);
    };
    const summary = await produce(async (item) => {
      seq += 1;
      added += 1;
      buffer.push(item);
      if (buffer.length >= INSERT_BATCH) await flush();
    });
    await flush();
    const after = await refreshCounters(tx, projectId, added > 0 ? { dataSource: source } : {});
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'data_upload',
      targetType: 'project',
      targetId: projectId,
      details: { before: dataState(before), after: dataState(after), source, added, ...summary.audit },
      ip: ctx.ip,
    });
    return { added, project: after };
  });
}
