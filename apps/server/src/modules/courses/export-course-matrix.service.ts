import { translate } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { courseMatrix, type MatrixSelection } from './course-matrix.queries.ts';

/**
 * `/dataset-course/matrix-export`: the matrix of the selection (every student, no paging) as one xlsx sheet: who, the
 * class, tasks done, progress, course score and minutes spent, then a column per task (its score when done, else
 * its state in the caller's language).
 */
export async function exportCourseMatrix(ctx: TenantContext, input: MatrixSelection) {
  const matrix = await courseMatrix(ctx.db, ctx.session.siteId, ctx.session, { ...input, page: null, pageSize: 0 });
  const t = (key: string, params?: Record<string, unknown>) => translate(ctx.lang, `courses.${key}`, params);
  const date = new Date().toISOString().slice(0, 10);
  const header = [
    t('export_username'),
    t('export_nickname'),
    t('export_class'),
    t('export_done'),
    t('export_progress'),
    t('export_score'),
    t('export_minutes'),
    ...matrix.tasks.map((task) => t('export_task', { chapter: task.chapter_seq, seq: task.seq, title: task.title })),
  ];
  const rows = matrix.list.map((row) => [
    row.username,
    row.nickname,
    row.class_name,
    `${row.done_count}/${matrix.tasks.length}`,
    row.progress,
    row.score,
    Math.round(row.seconds_spent / 60),
    ...row.cells.map((cell) => (cell.state === 'done' && cell.score !== null ? cell.score : t(`state_${cell.state}`))),
  ]);
  return writeSheet(`course-${input.course_id}-progress-${date}.xlsx`, t('export_sheet'), header, rows);
}
