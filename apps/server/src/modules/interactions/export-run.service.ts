import { translate } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { runDetail } from './interaction-records.queries.ts';

/**
 * `/course-interact/run-export`: a run's students as one xlsx sheet — who, joined, points, right answers, then a
 * column per question with the points its answer earned ("—" when not answered), best first.
 */
export async function exportRun(ctx: TenantContext, runId: number) {
  const detail = await runDetail(ctx.db, ctx.session.siteId, ctx.session, runId);
  const t = (key: string, params?: Record<string, unknown>) => translate(ctx.lang, `interactions.${key}`, params);
  const header = [
    t('export_username'),
    t('export_nickname'),
    t('joined'),
    t('points'),
    t('right'),
    ...detail.questions.map((q) => t('export_question', { n: q.index + 1 })),
  ];
  const rows = [...detail.students]
    .sort((a, b) => b.points - a.points || a.username.localeCompare(b.username))
    .map((student) => [
      student.username,
      student.nickname,
      student.joined ? t('export_yes') : t('export_no'),
      student.points,
      student.correct,
      ...student.answers.map((answer) => (answer ? answer.points : '—')),
    ]);
  const date = detail.started_at.slice(0, 10);
  return writeSheet(`interaction-${detail.run_id}-${date}.xlsx`, t('export_sheet'), header, rows);
}
