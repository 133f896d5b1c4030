import type { TQuestionReportKind, TQuestionReportStatus } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

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

/** A queue of learners' reports of one kind; `status` 'all' asks for every status. */
export function reportsQuery(
  kind: TQuestionReportKind,
  status: TQuestionReportStatus | 'all',
  keyword: string | undefined,
  paging: Paging,
) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'list', kind, status, keyword, paging],
    queryFn: ({ signal }) =>
      api('/dataset-feedback/list', { kind, keyword, ...(status === 'all' ? {} : { status }), ...paging }, { signal }),
  });
}

export function reportDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/dataset-feedback/detail', { id }, { signal }),
  });
}

export function myReportsQuery(paging: Paging) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'mine', paging],
    queryFn: ({ signal }) => api('/dataset-feedback/mine', paging, { signal }),
  });
}

export function errorProneQuery(
  filter: Omit<ApiInput<'/dataset-data/error-prone'>, 'page' | 'pageSize'>,
  paging: Paging,
) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'error-prone', filter, paging],
    queryFn: ({ signal }) => api('/dataset-data/error-prone', { ...filter, ...paging }, { signal }),
  });
}

/** The content manager's home figures. */
export function contentManagerHomeQuery() {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'home'],
    queryFn: ({ signal }) => api('/user/index-content-manager', {}, { signal }),
  });
}

export function createReport(input: ApiInput<'/dataset-feedback/create'>) {
  return api('/dataset-feedback/create', input);
}

/** Accepts or declines a report with the reply to its author. */
export function decideReport(id: number, decision: 'accept' | 'decline', reply: string) {
  return api(decision === 'accept' ? '/dataset-feedback/accept' : '/dataset-feedback/decline', { id, reply });
}
