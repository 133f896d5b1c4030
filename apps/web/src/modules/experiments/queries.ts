import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import type { ExperimentLanguage } from './result-format.ts';

/** Every cached answer about experiments (lists, details, languages, submissions) sits under this key. */
export const EXPERIMENTS_KEY = ['experiments'] as const;

/** Drops the cached experiment answers after a write. */
export function useExperimentsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: EXPERIMENTS_KEY });
}

export function experimentsQuery(filter: { keyword?: string; status?: 'draft' | 'published' }, paging: Paging) {
  return queryOptions({
    queryKey: [...EXPERIMENTS_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/dataset-experiment/list', { ...filter, ...paging }, { signal }),
  });
}

/** One experiment to edit; `null` (a new one) is never fetched: the caller disables the query. */
export function experimentQuery(id: number | null) {
  return queryOptions({
    queryKey: [...EXPERIMENTS_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/dataset-experiment/detail', { id: id! }, { signal }),
  });
}

export function languagesQuery() {
  return queryOptions({
    queryKey: [...EXPERIMENTS_KEY, 'languages'],
    queryFn: ({ signal }) => api('/dataset-experiment/languages', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function createExperiment(input: ApiInput<'/dataset-experiment/create'>) {
  return api('/dataset-experiment/create', input);
}

export function updateExperiment(input: ApiInput<'/dataset-experiment/update'>) {
  return api('/dataset-experiment/update', input);
}

/** Publishing or unpublishing rewrites the experiment with its own fields and the new status. */
export async function setExperimentStatus(id: number, status: 'draft' | 'published') {
  const { title, kind, instructions, language, starter_code, limits, cases } = await api('/dataset-experiment/detail', {
    id,
  });
  return api('/dataset-experiment/update', {
    ...{ id, title, kind, instructions, starter_code, limits, cases, status },
    language: language as ExperimentLanguage,
  });
}

export function deleteExperiment(id: number, force: boolean) {
  return api('/dataset-experiment/delete', { id, force });
}

export function studentExperimentsQuery(keyword: string | undefined, paging: Paging) {
  return queryOptions({
    queryKey: [...EXPERIMENTS_KEY, 'student-list', keyword, paging],
    queryFn: ({ signal }) => api('/dataset-experiment/student-list', { keyword, ...paging }, { signal }),
  });
}

export function studentExperimentQuery(id: number) {
  return queryOptions({
    queryKey: [...EXPERIMENTS_KEY, 'student-detail', id],
    queryFn: ({ signal }) => api('/dataset-experiment/student-detail', { id }, { signal }),
  });
}

export function runCode(id: number, code: string, stdin: string) {
  return api('/dataset-experiment/code-run', { id, code, stdin });
}

export function submitCode(id: number, code: string) {
  return api('/dataset-experiment/submit', { id, code });
}

export function submissionQuery(submissionId: number) {
  return queryOptions({
    queryKey: [...EXPERIMENTS_KEY, 'submission', submissionId],
    queryFn: ({ signal }) => api('/dataset-experiment/submission', { submission_id: submissionId }, { signal }),
  });
}

export function submissionsQuery(id: number, paging: Paging) {
  return queryOptions({
    queryKey: [...EXPERIMENTS_KEY, 'submissions', id, paging],
    queryFn: ({ signal }) => api('/dataset-experiment/submissions', { id, ...paging }, { signal }),
  });
}

/** One submission's code, read once to load it into the editor. */
export function loadSubmission(submissionId: number) {
  return api('/dataset-experiment/submission', { submission_id: submissionId });
}
