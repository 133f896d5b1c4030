import type { TProjectDetail, TProjectStatus } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Every project query starts with this key, so a change refreshes lists, details and setup lists together. */
export const PROJECTS_KEY = ['projects'] as const;
export const projectKey = (id: number) => [...PROJECTS_KEY, 'detail', id] as const;
export const setupKey = (id: number, part: 'batches' | 'steps' | 'tasks' | 'records' | 'data') =>
  [...PROJECTS_KEY, 'setup', id, part] as const;
const AUDIT_KEY = [...PROJECTS_KEY, 'audit'] as const;

export const LIST_PATH = '/production/project';
export const detailPath = (id: number, tab = 'info') => `/production/project-detail/${id}/${tab}`;
export const wizardPath = (id?: number, step?: number) =>
  `/production/project-create${id ? `?id=${id}${step !== undefined ? `&step=${step}` : ''}` : ''}`;

/** After a write: put the answered detail in place and refresh the rest. */
export function useProjectsChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (detail?: TProjectDetail) => {
      if (detail) queryClient.setQueryData(projectKey(detail.id), detail);
      await queryClient.invalidateQueries({
        queryKey: PROJECTS_KEY,
        predicate: (query) => !detail || query.queryKey[1] !== 'detail' || query.queryKey[2] !== detail.id,
      });
    },
    [queryClient],
  );
}

export function projectListQuery(
  filter: { keyword?: string; status?: TProjectStatus; category_id?: number },
  paging: Paging,
) {
  return queryOptions({
    queryKey: [...PROJECTS_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/project/list', { ...filter, ...paging }, { signal }),
  });
}

export function projectDetailQuery(id: number) {
  return queryOptions({
    queryKey: projectKey(id),
    queryFn: ({ signal }) => api('/project/detail', { id }, { signal }),
    staleTime: 0,
  });
}

/** Projects of every organisation for the platform audit. */
export function auditListQuery(filter: { status: TProjectStatus; keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...AUDIT_KEY, filter, paging],
    queryFn: ({ signal }) => api('/project/audit-list', { ...filter, ...paging }, { signal }),
  });
}

/** Leaders, team groups and members the project forms offer. */
export function projectFormQuery() {
  return queryOptions({
    queryKey: [...PROJECTS_KEY, 'form'],
    queryFn: ({ signal }) => api('/project/form', {}, { signal }),
    staleTime: 60_000,
  });
}

/** Enabled annotation categories for project creators. */
export function categoryOptionsQuery() {
  return queryOptions({
    queryKey: ['template-category-options'],
    queryFn: ({ signal }) => api('/template-category/options', {}, { signal }),
    staleTime: 60_000,
  });
}

/** Templates the organisation can use, of one category when given. */
export function templateOptionsQuery(categoryId?: number | null) {
  return queryOptions({
    queryKey: ['template-options', categoryId ?? null],
    queryFn: ({ signal }) => api('/template/options', categoryId ? { category_id: categoryId } : {}, { signal }),
    staleTime: 30_000,
  });
}

export function templateDetailQuery(templateId: number) {
  return queryOptions({
    queryKey: ['template-detail', templateId],
    queryFn: ({ signal }) => api('/template/detail', { id: templateId }, { signal }),
    staleTime: 30_000,
  });
}

/** What was uploaded to the project (count, size, source). */
export function dataSummaryQuery(projectId: number) {
  return queryOptions({
    queryKey: setupKey(projectId, 'data'),
    queryFn: ({ signal }) => api('/data/summary', { project_id: projectId }, { signal }),
    staleTime: 0,
  });
}

export function batchListQuery(projectId: number) {
  return queryOptions({
    queryKey: setupKey(projectId, 'batches'),
    queryFn: ({ signal }) => api('/batch/list', { project_id: projectId }, { signal }),
    staleTime: 0,
  });
}

export function stepListQuery(projectId: number) {
  return queryOptions({
    queryKey: setupKey(projectId, 'steps'),
    queryFn: ({ signal }) => api('/step/list', { project_id: projectId }, { signal }),
    staleTime: 0,
  });
}

export function taskListQuery(projectId: number) {
  return queryOptions({
    queryKey: setupKey(projectId, 'tasks'),
    queryFn: ({ signal }) => api('/project/task-list', { project_id: projectId }, { signal }),
    staleTime: 0,
  });
}

/** The project's operation records, newest first. */
export function projectRecordsQuery(projectId: number, paging: Paging) {
  return queryOptions({
    queryKey: [...setupKey(projectId, 'records'), paging],
    queryFn: ({ signal }) => api('/project/records', { project_id: projectId, ...paging }, { signal }),
  });
}

/** Job counts by status and the figures of the project, per batch and step. */
export function performanceQuery(projectId: number) {
  return queryOptions({
    queryKey: [...PROJECTS_KEY, 'performance', projectId],
    queryFn: ({ signal }) => api('/stat/list-by-batch', { project_id: projectId }, { signal }),
  });
}

export function createProject(input: ApiInput<'/project/create'>) {
  return api('/project/create', input);
}

export function updateProject(input: ApiInput<'/project/update'>) {
  return api('/project/update', input);
}

export function copyProject(input: ApiInput<'/project/copy'>) {
  return api('/project/copy', input);
}

export function setProjectTemplate(input: ApiInput<'/project/set-template'>) {
  return api('/project/set-template', input);
}

/** The wizard's confirm step: the uploaded data is what the project works on. */
export function confirmProjectData(projectId: number) {
  return api('/project/confirm-data', { project_id: projectId });
}

export function confirmBatches(input: ApiInput<'/batch/confirm'>) {
  return api('/batch/confirm', input);
}

export function saveSteps(input: ApiInput<'/step/save'>) {
  return api('/step/save', input);
}

export function saveTasks(input: ApiInput<'/project/task-save'>) {
  return api('/project/task-save', input);
}

/** Sets who works on the given tasks (users and team groups). */
export function saveTaskPeople(input: ApiInput<'/project/people-save'>) {
  return api('/project/people-save', input);
}

/** Sends the project to the platform audit. */
export function publishProject(id: number) {
  return api('/project/publish', { id });
}

export function pauseProject(id: number) {
  return api('/project/pause', { id });
}

export function restartProject(id: number) {
  return api('/project/restart', { id });
}

export function completeProject(id: number) {
  return api('/project/complete', { id });
}

export function deleteProject(id: number) {
  return api('/project/delete', { id });
}

/** Recovers a deleted project to the status it had. */
export function recoverProject(id: number) {
  return api('/project/recovery', { id });
}

/** The platform audit's decision: approve, or reject with a reason. */
export function auditProject(input: ApiInput<'/project/audit'>) {
  return api('/project/audit', input);
}
