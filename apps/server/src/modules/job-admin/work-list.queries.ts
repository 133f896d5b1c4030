import type { TJobFilter, TJobRow } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { rawMoment } from '../../platform/raw-moment.ts';
import { assertFilterIds, JOB_FROM, jobFilterSql } from './job-filter.ts';

const iso = rawMoment;
const person = (id: unknown, nickname: unknown) =>
  id === null || id === undefined ? null : { id: Number(id), nickname: String(nickname ?? '') };

/** Jobs matching the filter, newest change first: one page and the total. */
export async function queryJobs(
  db: Executor,
  siteId: number,
  filter: TJobFilter,
  page: { limit: number; offset: number; count: boolean },
): Promise<{ rows: TJobRow[]; total: number }> {
  await assertFilterIds(db, siteId, filter);
  const where = jobFilterSql(siteId, filter);
  const total = page.count
    ? ((await queryRows<{ total: number }>(db, sql`select count(*)::int as total ${JOB_FROM} where ${where}`))[0]
        ?.total ?? 0)
    : 0;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select j.id, j.project_id, j.task_id, s.name as step_name, s.type as step_type, b.name as batch_name,
        j.data_item_id, d.name as item_name, d.seq, j.status, j.decision, j.operator_id, ou.nickname as operator_name,
        j.subject_operator_id, su.nickname as subject_operator_name, j.reviewer_id, ru.nickname as reviewer_name,
        j.claimed_at, j.lease_ends_at, j.submitted_at, j.reviewed_at, j.reason, j.expire_reason, j.work_seconds,
        j.updated_at
      ${JOB_FROM} join steps s on s.id = j.step_id join batches b on b.id = j.batch_id
        left join users ou on ou.id = j.operator_id
        left join users su on su.id = j.subject_operator_id
        left join users ru on ru.id = j.reviewer_id
      where ${where}
      order by j.updated_at desc, j.id desc
      limit ${page.limit} offset ${page.offset}`,
  );
  return { rows: rows.map(toJobRow), total };
}

function toJobRow(r: Record<string, unknown>): TJobRow {
  return {
    id: Number(r.id),
    project_id: Number(r.project_id),
    task_id: Number(r.task_id),
    step_name: String(r.step_name),
    step_type: r.step_type as TJobRow['step_type'],
    batch_name: String(r.batch_name),
    item_id: Number(r.data_item_id),
    item_name: String(r.item_name),
    seq: Number(r.seq),
    status: r.status as TJobRow['status'],
    decision: (r.decision ?? null) as TJobRow['decision'],
    operator: person(r.operator_id, r.operator_name),
    subject_operator: person(r.subject_operator_id, r.subject_operator_name),
    reviewer: person(r.reviewer_id, r.reviewer_name),
    claimed_at: iso(r.claimed_at),
    lease_ends_at: iso(r.lease_ends_at),
    submitted_at: iso(r.submitted_at),
    reviewed_at: iso(r.reviewed_at),
    reason: (r.reason as string | null) ?? null,
    expire_reason: (r.expire_reason ?? null) as TJobRow['expire_reason'],
    work_seconds: Number(r.work_seconds ?? 0),
    updated_at: iso(r.updated_at)!,
  };
}

/** `/work/list`: the jobs matching the filters, paged. */
export async function listWork(db: Executor, siteId: number, input: TJobFilter & { page: number; pageSize: number }) {
  const { page, pageSize, ...filter } = input;
  const { rows, total } = await queryJobs(db, siteId, filter, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    count: true,
  });
  return { list: rows, total, page, pageSize };
}
