import type { TExamStatus } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import type { BlueprintValues } from './ExamPaperStep.tsx';

/** Every cached answer about the teacher's exams (lists, details, candidates, analysis) sits under this key. */
export const EXAM_TEACHER_KEY = ['exam-teacher'] as const;

/** Drops the cached exam answers after a write. */
export function useExamsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: EXAM_TEACHER_KEY });
}

export function examsQuery(tab: TExamStatus, filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'list', tab, filter, paging],
    queryFn: ({ signal }) => api('/dataset-examine/list', { tab, ...filter, ...paging }, { signal }),
  });
}

export function examDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/dataset-examine/detail', { id }, { signal }),
  });
}

export function examCandidatesQuery(examId: number, filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'candidates', examId, filter, paging],
    queryFn: ({ signal }) => api('/dataset-examine/candidates', { exam_id: examId, ...filter, ...paging }, { signal }),
  });
}

export function attemptEventsQuery(attemptId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'events', attemptId],
    queryFn: ({ signal }) => api('/dataset-examine/attempt-events', { attempt_id: attemptId }, { signal }),
  });
}

export function paperAnalysisQuery(examId: number) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'analysis', examId],
    queryFn: ({ signal }) => api('/dataset-examine/paper-analysis', { exam_id: examId }, { signal }),
  });
}

/** The certificate templates an exam may award. */
export function examCertTemplatesQuery() {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'cert-templates'],
    queryFn: ({ signal }) => api('/dataset-examine/cert-templates', {}, { signal }),
  });
}

/**
 * Passed questions needed and available per cell of a random paper's blueprint; cached by the form's values
 * (`blueprint`), asked with `input`, the same values as the server reads them.
 */
export function blueprintCheckQuery(
  blueprint: BlueprintValues | undefined,
  input: ApiInput<'/dataset-examine/check-blueprint'>,
) {
  return queryOptions({
    queryKey: [...EXAM_TEACHER_KEY, 'check-blueprint', blueprint],
    queryFn: ({ signal }) => api('/dataset-examine/check-blueprint', input, { signal }),
  });
}

export function createExam(input: ApiInput<'/dataset-examine/create'>) {
  return api('/dataset-examine/create', input);
}

export function updateExam(input: ApiInput<'/dataset-examine/update'>) {
  return api('/dataset-examine/update', input);
}

export function publishExam(id: number) {
  return api('/dataset-examine/publish', { id });
}

/** Publishes, closes or deletes an exam from the list. */
export function actOnExam(kind: 'publish' | 'close' | 'delete', id: number) {
  return api(`/dataset-examine/${kind}`, { id });
}

/** Submits an attempt in the candidate's place, or re-opens a submitted one. */
export function actOnAttempt(kind: 'force-submit' | 'reopen', attemptId: number) {
  return api(`/dataset-examine/${kind}`, { attempt_id: attemptId });
}

export function markCheat(attemptId: number, note: string) {
  return api('/dataset-examine/mark-cheat', { attempt_id: attemptId, note });
}

/** The exam's attempts as a file to save. */
export function exportExam(examId: number) {
  return api('/dataset-examine/export', { exam_id: examId });
}
