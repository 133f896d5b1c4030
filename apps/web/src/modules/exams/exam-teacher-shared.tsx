import type { TExamStatus } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const examListPath = (tab: TExamStatus = 'draft') => `/trainingcamp/examlist/${tab}`;
export const examEditPath = (id?: number) => `/trainingcamp/materialCreate${id ? `?id=${id}` : ''}`;
export const examDetailPath = (id: number, tab = 'candidates') => `/trainingcamp/teacher/exam-detail/${tab}/${id}`;
export const paperAnalysisPath = (id: number) => `/trainingcamp/paperAnalysis?id=${id}`;

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
