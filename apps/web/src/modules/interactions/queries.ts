import type { TInteractionRunMode } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Every cached answer about interactions sits under this key. */
export const INTERACT_KEY = ['interactions'] as const;

export function useInteractionsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: INTERACT_KEY });
}

export const interactionEditorPath = (courseId: number, id?: number) =>
  id ? `/course/interact/add?course_id=${courseId}&id=${id}` : `/course/interact/add?course_id=${courseId}`;
export const teacherRunPath = (runId: number) => `/teacher/course/interactExam?run_id=${runId}`;
export const studentRunPath = (runId: number) => `/course/interactExam?run_id=${runId}`;
export const runRecordsPath = (courseId: number) => `/course/interact/record?course_id=${courseId}`;
export const runDetailPath = (runId: number) => `/course/interact/detail?run_id=${runId}`;

export function interactionListQuery(courseId: number) {
  return queryOptions({
    queryKey: [...INTERACT_KEY, 'list', courseId],
    queryFn: ({ signal }) => api('/course-interact/list', { course_id: courseId }, { signal }),
  });
}

export function interactionDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...INTERACT_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/course-interact/detail', { id }, { signal }),
  });
}

/** The teacher's live view; read again on every push (`interact_live`) and after each action. */
export function runLiveQuery(runId: number) {
  return queryOptions({
    queryKey: [...INTERACT_KEY, 'live', runId],
    queryFn: ({ signal }) => api('/course-interact/live', { run_id: runId }, { signal }),
    staleTime: 0,
  });
}

/** The student's view (also the catch-up after a reconnect). */
export function runStudentQuery(runId: number) {
  return queryOptions({
    queryKey: [...INTERACT_KEY, 'join', runId],
    queryFn: ({ signal }) => api('/course-interact/join', { run_id: runId }, { signal }),
    staleTime: 0,
  });
}

export function runRecordsQuery(courseId: number, paging: Paging) {
  return queryOptions({
    queryKey: [...INTERACT_KEY, 'records', courseId, paging],
    queryFn: ({ signal }) => api('/course-interact/records', { course_id: courseId, ...paging }, { signal }),
  });
}

export function runDetailQuery(runId: number) {
  return queryOptions({
    queryKey: [...INTERACT_KEY, 'run-detail', runId],
    queryFn: ({ signal }) => api('/course-interact/run-detail', { run_id: runId }, { signal }),
  });
}

export const createInteraction = (input: ApiInput<'/course-interact/create'>) => api('/course-interact/create', input);
export const updateInteraction = (input: ApiInput<'/course-interact/update'>) => api('/course-interact/update', input);
export const deleteInteraction = (id: number) => api('/course-interact/delete', { id });
export const startRun = (id: number, classIds: number[], mode: TInteractionRunMode) =>
  api('/course-interact/start', { id, class_ids: classIds, mode });

export type RunAction = 'close' | 'reveal' | 'end';
export const runAction = (action: RunAction, runId: number) => api(`/course-interact/${action}`, { run_id: runId });
export const sendQuestion = (runId: number, index: number) => api('/course-interact/send', { run_id: runId, index });
export const exportRun = (runId: number) => api('/course-interact/run-export', { run_id: runId });
export const answerRun = (input: ApiInput<'/course-interact/answer'>) => api('/course-interact/answer', input);
