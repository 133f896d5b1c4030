import type { TPackRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';

const p = schema.packs;

const rowColumns = {
  pack: p,
  projectName: schema.projects.name,
  stepName: schema.steps.name,
  createdBy: schema.users.nickname,
};

type RawRow = { pack: typeof p.$inferSelect; projectName: string; stepName: string | null; createdBy: string | null };

function select(db: Executor) {
  return db
    .select(rowColumns)
    .from(p)
    .innerJoin(schema.projects, eq(schema.projects.id, p.projectId))
    .leftJoin(schema.steps, eq(schema.steps.id, p.stepId))
    .leftJoin(schema.users, eq(schema.users.id, p.createdBy));
}

async function toRows(db: Executor, raws: RawRow[]): Promise<TPackRow[]> {
  const batchIds = [...new Set(raws.flatMap((r) => r.pack.batchIds))];
  const names = new Map<number, string>();
  if (batchIds.length > 0) {
    const batches = await db
      .select({ id: schema.batches.id, name: schema.batches.name })
      .from(schema.batches)
      .where(inArray(schema.batches.id, batchIds));
    for (const b of batches) names.set(b.id, b.name);
  }
  return raws.map(({ pack, projectName, stepName, createdBy }) => ({
    id: pack.id,
    project_id: pack.projectId,
    project_name: projectName,
    step_id: pack.stepId,
    step_name: stepName,
    batch_ids: pack.batchIds,
    batch_names: pack.batchIds.map((id) => names.get(id) ?? `#${id}`),
    format: pack.format,
    include_media: pack.includeMedia,
    status: pack.status,
    total: pack.total,
    done: pack.done,
    success_count: pack.successCount,
    fail_count: pack.failCount,
    file_bytes: pack.fileBytes,
    error: pack.error,
    started_at: pack.startedAt?.toISOString() ?? null,
    ended_at: pack.endedAt?.toISOString() ?? null,
    created_at: pack.createdAt.toISOString(),
    created_by: createdBy,
  }));
}

/** One pack of the organisation as the client sees it; another organisation's id answers `not_found`. */
export async function packRow(db: Executor, siteId: number, id: number): Promise<TPackRow> {
  const raws = await select(db).where(and(eq(p.id, id), eq(p.siteId, siteId)));
  if (raws.length === 0) throw new AppError('not_found');
  return (await toRows(db, raws))[0]!;
}

/** Packs of one project or of the whole organisation, newest first. */
export async function listPacks(
  db: Executor,
  siteId: number,
  input: { page: number; pageSize: number; project_id?: number; status?: TPackRow['status'] },
): Promise<{ list: TPackRow[]; total: number }> {
  const where: SQL[] = [eq(p.siteId, siteId)];
  if (input.project_id !== undefined) {
    const [project] = await db
      .select({ id: schema.projects.id })
      .from(schema.projects)
      .where(and(eq(schema.projects.id, input.project_id), eq(schema.projects.siteId, siteId)));
    if (!project) throw new AppError('not_found');
    where.push(eq(p.projectId, input.project_id));
  }
  if (input.status !== undefined) where.push(eq(p.status, input.status));
  const { rows, total } = await pageWithTotal(
    select(db)
      .where(and(...where))
      .orderBy(desc(p.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db
      .select({ n: count() })
      .from(p)
      .where(and(...where)),
  );
  return { list: await toRows(db, rows), total };
}
