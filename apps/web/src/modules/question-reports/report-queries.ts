import type { TQuestionReportStatus } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

/** Every cached answer of the report queues, the error-prone list and the content manager's home. */
export const REPORTS_KEY = ['question-reports'] as const;

/** Drops the cached queues, details and home figures after a decision or a new report. */
export function useReportsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
}

export const STATUS_COLOR: Record<TQuestionReportStatus, string | undefined> = {
  pending: 'gold',
  accepted: 'green',
  declined: undefined,
};

/** Where a question's pages are (the content manager's editor and detail). */
export const questionEditLink = (id: number) => `/dataset/edit-data?id=${id}`;
export const questionDetailLink = (id: number) => `/dataset/data-detail/view/${id}`;
