import type { TJobFilter, TStepType } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';
import type { TaskStatus } from './task-format.tsx';

export const TASKS_KEY = ['production-tasks'] as const;

export interface TeamFilter {
  project_id?: number;
  status?: TaskStatus;
  step_type?: TStepType;
}

export const FIRST_PAGE: Paging = { page: 1, pageSize: 10 };

// Task lists and details.

/** Team tasks: every task of the organisation's projects. */
export function teamTasksQuery(filter: TeamFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'team', filter, paging],
    queryFn: ({ signal }) => api('/task/list', { ...filter, ...paging }, { signal }),
  });
}

/** The organisation's projects (the first 100), for the team tasks filter. */
export function teamProjectsQuery() {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'team-projects'],
    queryFn: ({ signal }) => api('/project/list', { page: 1, pageSize: 100 }, { signal }),
  });
}

/** The caller's tasks with their own job counts. */
export function myTasksQuery(
  tab: 'doing' | 'finished',
  filter: { project_id?: number; step_type?: TStepType },
  paging: Paging,
) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'mine', tab, filter, paging],
    queryFn: ({ signal }) => api('/task/tasks', { tab, ...filter, ...paging }, { signal }),
  });
}

/** Projects of the caller's tasks, for the My tasks filter. */
export function myTaskProjectsQuery() {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'my-form'],
    queryFn: ({ signal }) => api('/task/my-task-form', {}, { signal }),
  });
}

/** One task's settings, people and counts; `null` is never fetched: the caller disables the query. */
export function taskDetailQuery(id: number | null) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/task/detail', { id: id ?? 0 }, { signal }),
  });
}

// A task's jobs, for those who run the work.

export function jobsQuery(filter: TJobFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'jobs', filter, paging],
    queryFn: ({ signal }) => api('/work/list', { ...filter, ...paging }, { signal }),
  });
}

/** The operation records of a task's jobs. */
export function jobRecordsQuery(taskId: number, paging: Paging) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'records', taskId, paging],
    queryFn: ({ signal }) => api('/work/records', { task_id: taskId, ...paging }, { signal }),
  });
}

export function resolveJobs(jobIds: number[]) {
  return api('/work/resolve', { job_ids: jobIds });
}

/** Pass, reject, reset or pend over the selected jobs or a whole filter. */
export function batchReviewJobs(input: ApiInput<'/work/batch-review'>) {
  return api('/work/batch-review', input);
}

export function setJobOperator(input: ApiInput<'/work/set-operator'>) {
  return api('/work/set-operator', input);
}

/** The jobs matching the filter, as a file to save. */
export function exportJobs(filter: TJobFilter) {
  return api('/work/export', filter);
}

// The job frame.

/**
 * The job frame: one job in hand (`jobId`, else the first) and the jobs in hand; `receivedAt` (performance.now())
 * is when the answer came, where the lease countdown starts. A new `reload` asks again.
 */
export function jobFrameQuery(taskId: number | null, jobId: number | undefined, reload: number) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'execute', taskId, jobId, reload],
    queryFn: async ({ signal }) => {
      const answer = await api('/task/execute', { task_id: taskId ?? 0, job_id: jobId }, { signal });
      return { ...answer, receivedAt: performance.now() };
    },
  });
}

/** The frame of another job in hand, read ahead (outside the cache) so its media can be fetched early. */
export function fetchJobFrame(taskId: number, jobId: number, signal: AbortSignal) {
  return api('/task/execute', { task_id: taskId, job_id: jobId }, { signal });
}

/** Tops the caller up with jobs of the task (their rework first); answers the jobs that came into hand. */
export function claimJobs(taskId: number) {
  return api('/task/claim', { task_id: taskId });
}

/** Leaves the task: gives back the jobs in hand. */
export function exitTask(taskId: number) {
  return api('/task/exit', { task_id: taskId });
}

export function saveJobDraft(input: ApiInput<'/task/save'>) {
  return api('/task/save', input);
}

export function submitJob(input: ApiInput<'/task/submit'>) {
  return api('/task/submit', input);
}

export function reviewJob(input: ApiInput<'/task/review'>) {
  return api('/task/review', input);
}

/** Suspends the job in hand with a reason. */
export function pendJob(input: ApiInput<'/task/pend'>) {
  return api('/task/pend', input);
}
