import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AnnotationResultLike, PackItem } from './formats/pack-format.ts';

/** What a pack writes: the passed execute jobs of one step, of some batches (all when empty), in job-id order. */
export interface PackSelection {
  siteId: number;
  projectId: number;
  stepId: number;
  batchIds: number[];
}

function where(s: PackSelection): SQL {
  const batches =
    s.batchIds.length > 0
      ? sql`and j.batch_id in (${sql.join(
          s.batchIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  return sql`j.site_id = ${s.siteId} and j.project_id = ${s.projectId} and j.step_id = ${s.stepId}
    and j.subject_job_id is null and j.status = 'passed' ${batches}`;
}

/** How many jobs a pack of this selection writes. */
export async function countPackJobs(db: Executor, s: PackSelection): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from jobs j where ${where(s)}`);
  return Number(row?.n ?? 0);
}

interface SliceRow {
  job_id: number | string;
  result: unknown;
  operator: string | null;
  item_id: number | string;
  seq: number;
  name: string;
  kind: PackItem['item']['kind'];
  payload: unknown;
  file_path: string | null;
}

/**
 * The result a writer may read, or null: a document with a version, a shape list (each with id, tool and type)
 * and a field object. Anything else (hand-edited rows, older shapes) counts as a job that failed to read.
 */
export function readableResult(value: unknown): AnnotationResultLike | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  if (typeof r.version !== 'number' || !Array.isArray(r.shapes)) return null;
  if (r.fields !== undefined && (typeof r.fields !== 'object' || r.fields === null || Array.isArray(r.fields))) {
    return null;
  }
  for (const shape of r.shapes) {
    if (!shape || typeof shape !== 'object') return null;
    const s = shape as Record<string, unknown>;
    if (typeof s.id !== 'string' || typeof s.tool !== 'string' || typeof s.type !== 'string') return null;
  }
  if (r.relations !== undefined && !Array.isArray(r.relations)) return null;
  return { ...(r as unknown as AnnotationResultLike), fields: (r.fields as Record<string, unknown>) ?? {} };
}

export interface SliceItem extends PackItem {
  filePath: string | null;
}

/** The next `limit` jobs after `afterJobId`, with their items and operators. */
export async function readSlice(
  db: Executor,
  s: PackSelection,
  afterJobId: number,
  limit: number,
  fps: number | null,
): Promise<SliceItem[]> {
  const rows = await queryRows<SliceRow>(
    db,
    sql`select j.id as job_id, j.result, u.username as operator, d.id as item_id, d.seq, d.name, d.kind, d.payload,
          d.file_path
        from jobs j
        join data_items d on d.id = j.data_item_id
        left join users u on u.id = j.operator_id
        where ${where(s)} and j.id > ${afterJobId}
        order by j.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    jobId: Number(r.job_id),
    item: {
      id: Number(r.item_id),
      seq: r.seq,
      name: r.name,
      kind: r.kind,
      width: null,
      height: null,
      payload: r.kind === 'text' || r.kind === 'record' ? r.payload : null,
    },
    result: readableResult(r.result),
    operator: r.operator,
    fps: r.kind === 'video' ? fps : null,
    filePath: r.file_path,
  }));
}
