import type { TJobFilter } from '@app/contracts';
import { translate } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { queryJobs } from './work-list.queries.ts';

/** The export holds at most this many jobs (newest change first). */
export const WORK_EXPORT_ROWS = 50_000;

const COLUMNS = [
  'job_id',
  'project_id',
  'task_id',
  'step',
  'batch',
  'seq',
  'item',
  'status',
  'decision',
  'operator',
  'subject_operator',
  'reviewer',
  'claimed_at',
  'submitted_at',
  'reviewed_at',
  'reason',
  'expire_reason',
  'work_seconds',
  'updated_at',
] as const;

/** `/work/export`: the jobs matching the filters (as the list shows them) in one xlsx sheet, texts translated. */
export async function exportWork(ctx: TenantContext, filter: TJobFilter) {
  const { rows } = await queryJobs(ctx.db, ctx.session.siteId, filter, {
    limit: WORK_EXPORT_ROWS,
    offset: 0,
    count: false,
  });
  const t = (key: string) => translate(ctx.lang, `job-export.${key}`);
  const header = COLUMNS.map((column) => t(column));
  const date = new Date().toISOString().slice(0, 10);
  return writeSheet(
    `jobs-${date}.xlsx`,
    t('sheet'),
    header,
    rows.map((r) => [
      r.id,
      r.project_id,
      r.task_id,
      r.step_name,
      r.batch_name,
      r.seq,
      r.item_name,
      t(`status_${r.status}`),
      r.decision ? t(`decision_${r.decision}`) : null,
      r.operator?.nickname ?? null,
      r.subject_operator?.nickname ?? null,
      r.reviewer?.nickname ?? null,
      r.claimed_at,
      r.submitted_at,
      r.reviewed_at,
      r.reason,
      r.expire_reason ? t(`expire_${r.expire_reason}`) : null,
      r.work_seconds,
      r.updated_at,
    ]),
  );
}
