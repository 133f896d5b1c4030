import type { TBatchRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { asc, eq, sql } from 'drizzle-orm';
import type { ProjectRecord } from './projects.queries.ts';

const { batches, dataItems } = schema;

/** `/batch/list`: a project's batches in order, whether the split is confirmed, and the number of items. */
export async function batchList(db: Executor, project: ProjectRecord) {
  const [rows, counted] = await Promise.all([
    db.select().from(batches).where(eq(batches.projectId, project.id)).orderBy(asc(batches.seq)),
    countProjectItems(db, project.id),
  ]);
  const list: TBatchRow[] = rows.map((b) => ({
    id: b.id,
    name: b.name,
    seq: b.seq,
    item_count: b.itemCount,
    total_bytes: b.totalBytes,
    status: b.status,
  }));
  return { list, confirmed: project.batchesConfirmedAt !== null, item_count: counted.count };
}

/** The number and total size of a project's data items, counted from the items themselves. */
export async function countProjectItems(db: Executor, projectId: number) {
  const [counted] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${dataItems.size}), 0)::bigint`,
    })
    .from(dataItems)
    .where(eq(dataItems.projectId, projectId));
  return { count: counted?.count ?? 0, bytes: Number(counted?.bytes ?? 0) };
}
