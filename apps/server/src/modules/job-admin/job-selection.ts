import { JOB_LIMITS, type TJobFilter } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { assertFilterIds, JOB_FROM, jobFilterSql } from './job-filter.ts';

export type JobSelection = { job_ids: number[] } | { filter: TJobFilter };

/**
 * Locks the selected jobs of the organisation (`FOR UPDATE`, in id order, so concurrent batches never deadlock)
 * and answers their ids in that order. Ids must all be of the organisation (`not_found`); a filter may match at
 * most JOB_LIMITS.batch jobs (`invalid_input`).
 */
export async function lockSelection(tx: Executor, siteId: number, selection: JobSelection): Promise<number[]> {
  if ('job_ids' in selection) {
    const wanted = [...new Set(selection.job_ids)];
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`select id from jobs where site_id = ${siteId}
        and id in (${sql.join(
          wanted.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id for update`,
    );
    if (rows.length !== wanted.length) throw new AppError('not_found');
    return rows.map((r) => Number(r.id));
  }
  await assertFilterIds(tx, siteId, selection.filter);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select j.id ${JOB_FROM} where ${jobFilterSql(siteId, selection.filter)}
      order by j.id limit ${JOB_LIMITS.batch + 1} for update of j`,
  );
  if (rows.length > JOB_LIMITS.batch) {
    throw new AppError(
      'invalid_input',
      { fields: `filter: at most ${JOB_LIMITS.batch}` },
      { fields: [{ field: 'filter', code: 'too_big', max: JOB_LIMITS.batch }] },
    );
  }
  return rows.map((r) => Number(r.id));
}
