import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Query keys of the candidate's exam pages (one root, so a submit refreshes every list). */
export const EXAM_KEY = ['exam-student'] as const;

export function myExamsQuery(tab: ApiInput<'/dataset-examine/my-list'>['tab'], paging: Paging) {
  return queryOptions({
    queryKey: [...EXAM_KEY, 'my-list', tab, paging],
    queryFn: ({ signal }) => api('/dataset-examine/my-list', { tab, ...paging }, { signal }),
  });
}

/** My attempts, of one exam when `examId` is given. */
export function myExamRecordsQuery(examId: number | undefined, paging: Paging) {
  return queryOptions({
    queryKey: [...EXAM_KEY, 'records', examId, paging],
    queryFn: ({ signal }) =>
      api('/dataset-examine/my-records', { ...paging, ...(examId ? { exam_id: examId } : {}) }, { signal }),
  });
}

export function preExamQuery(examId: number) {
  return queryOptions({
    queryKey: [...EXAM_KEY, 'pre-exam', examId],
    queryFn: ({ signal }) => api('/dataset-examine/pre-exam', { exam_id: examId }, { signal }),
  });
}

/** Starts (or resumes) the exam's attempt; asked without the query's signal, so leaving the page does not abort it. */
export function startAttemptQuery(examId: number) {
  return queryOptions({
    queryKey: [...EXAM_KEY, 'start', examId],
    queryFn: () => api('/dataset-examine/start', { exam_id: examId }),
  });
}

export function attemptQuery(attemptId: number) {
  return queryOptions({
    queryKey: [...EXAM_KEY, 'attempt', attemptId],
    queryFn: ({ signal }) => api('/dataset-examine/attempt', { attempt_id: attemptId }, { signal }),
  });
}

export function attemptResultQuery(attemptId: number) {
  return queryOptions({
    queryKey: [...EXAM_KEY, 'result', attemptId],
    queryFn: ({ signal }) => api('/dataset-examine/result', { attempt_id: attemptId }, { signal }),
  });
}

export function joinExam(examId: number) {
  return api('/dataset-examine/join', { exam_id: examId });
}

/** Saves one answer of an attempt; the acknowledgement carries the time left. */
export function saveExamAnswer(input: ApiInput<'/dataset-examine/answer'>) {
  return api('/dataset-examine/answer', input);
}

/** Reports an evidence event of the page (hidden, blur, reconnect; the camera on or stopped). */
export function reportExamEvent(input: ApiInput<'/dataset-examine/event'>) {
  return api('/dataset-examine/event', input);
}

export function submitAttempt(attemptId: number) {
  return api('/dataset-examine/submit', { attempt_id: attemptId });
}

/** The candidate's credentials to publish their camera to the exam's media room (live invigilation). */
export function examCameraToken(attemptId: number) {
  return api('/live-room/exam-camera-token', { attempt_id: attemptId });
}
