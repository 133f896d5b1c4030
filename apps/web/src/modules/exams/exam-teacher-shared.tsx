import type { TExamStatus } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Every cached answer about the teacher's exams (lists, details, candidates, analysis) sits under this key. */
export const EXAM_TEACHER_KEY = ['exam-teacher'] as const;

/** Drops the cached exam answers after a write. */
export function useExamsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: EXAM_TEACHER_KEY });
}

export const examListPath = (tab: TExamStatus = 'draft') => `/trainingcamp/examlist/${tab}`;
export const examEditPath = (id?: number) => `/trainingcamp/materialCreate${id ? `?id=${id}` : ''}`;
export const examDetailPath = (id: number, tab = 'candidates') => `/trainingcamp/teacher/exam-detail/${tab}/${id}`;
export const paperAnalysisPath = (id: number) => `/trainingcamp/paperAnalysis?id=${id}`;

const STATUS_COLOR: Record<TExamStatus, string | undefined> = { draft: undefined, published: 'green', closed: 'red' };

export function ExamStatusTag({ status }: { status: TExamStatus }) {
  const { t } = useTranslation('exam-teacher');
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
