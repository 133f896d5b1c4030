import type { TExamKind, TExamStatus } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The teacher's list of exams, or of homework (`?kind=homework`: docs/homework.md), on a status tab. */
export const examListPath = (tab: TExamStatus = 'draft', kind: TExamKind = 'exam') =>
  `/trainingcamp/examlist/${tab}${kind === 'homework' ? '?kind=homework' : ''}`;
/** The wizard: an exam to edit, or a new one (`kind` homework starts it as homework). */
export const examEditPath = (id?: number, kind: TExamKind = 'exam') =>
  `/trainingcamp/materialCreate${id ? `?id=${id}` : kind === 'homework' ? '?kind=homework' : ''}`;
export const examDetailPath = (id: number, tab = 'candidates') => `/trainingcamp/teacher/exam-detail/${tab}/${id}`;
export const paperAnalysisPath = (id: number) => `/trainingcamp/paperAnalysis?id=${id}`;
/** The invigilators' page (modules/invigilation) on an exam with live invigilation. */
export const invigilationPath = (id: number) => `/liveroom-invigilation-management?exam=${id}`;

const STATUS_COLOR: Record<TExamStatus, string | undefined> = { draft: undefined, published: 'green', closed: 'red' };

export function ExamStatusTag({ status }: { status: TExamStatus }) {
  const { t } = useTranslation('exams');
  return <Tag color={STATUS_COLOR[status]}>{t(`status_${status}`)}</Tag>;
}

/** "90 min" / "1 h 30 min" from seconds. */
export function minutesText(seconds: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  return t('minutes', { count: Math.round(seconds / 60) });
}

/** A positive number of a numeric id query parameter, else null. */
export function idParam(value: string | null | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
