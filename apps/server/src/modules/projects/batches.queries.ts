import type { TBatchRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import { countProjectItems } from './confirm-project-data.service.ts';
import type { ProjectRecord } from './projects.queries.ts';

const { batches } = schema;

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
