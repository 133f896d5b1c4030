import { translate } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { examCandidates } from './candidates.queries.ts';
import { loadExam } from './exams.queries.ts';

const COLUMNS = [
  'username',
  'nickname',
  'seq',
  'state',
  'score',
  'result',
  'started_at',
  'submitted_at',
  'submitted_by',
  'cheat',
  'cheat_note',
  'flag_count',
] as const;

/** `/dataset-examine/export`: every candidate row of the exam (as the candidates tab lists them) in one xlsx sheet. */
export async function exportResults(ctx: TenantContext, examId: number) {
  const siteId = ctx.session.siteId;
  const exam = await loadExam(ctx.db, siteId, examId);
  const { list } = await examCandidates(ctx.db, siteId, exam.id, { limit: null, offset: 0 });
  const t = (key: string) => translate(ctx.lang, `exams.${key}`);
  const date = new Date().toISOString().slice(0, 10);
  return writeSheet(
    `exam-${exam.id}-results-${date}.xlsx`,
    t('export_sheet'),
    COLUMNS.map((c) => t(`export_${c}`)),
    list.map((r) => [
      r.username,
      r.nickname,
      r.seq,
      t(`state_${r.state}`),
      r.score,
      r.passed === null ? null : t(r.passed ? 'result_passed' : 'result_failed'),
      r.started_at,
      r.submitted_at,
      r.submitted_by ? t(`by_${r.submitted_by}`) : null,
      r.cheat ? t('yes') : t('no'),
      r.cheat_note || null,
      r.flag_count,
    ]),
  );
}
