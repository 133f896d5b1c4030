import { queryOptions } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Every query of a project's data starts with this key, so an upload or removal refreshes them together. */
export const projectDataKey = (projectId: number) => ['project-data', projectId] as const;
export const attachmentsKey = (projectId: number) => ['project-attachments', projectId] as const;

export function dataSummaryQuery(projectId: number) {
  return queryOptions({
    queryKey: [...projectDataKey(projectId), 'summary'],
    queryFn: ({ signal }) => api('/data/summary', { project_id: projectId }, { signal }),
  });
}

/** The project's batches for the browser's filter; none when the caller may not list them. */
export function batchOptionsQuery(projectId: number) {
  return queryOptions({
    queryKey: [...projectDataKey(projectId), 'batches'],
    queryFn: ({ signal }) => api('/batch/list', { project_id: projectId }, { signal }),
    retry: false,
  });
}

export function dataListQuery(
  projectId: number,
  filter: Omit<ApiInput<'/data/list'>, 'project_id' | 'page' | 'pageSize'>,
  paging: Paging,
) {
  return queryOptions({
    queryKey: [...projectDataKey(projectId), 'list', filter, paging],
    queryFn: ({ signal }) => api('/data/list', { project_id: projectId, ...filter, ...paging }, { signal }),
  });
}

/** One item's record (`id` undefined: no item open; the query is then disabled). */
export function dataItemQuery(id: number | undefined) {
  return queryOptions({
    queryKey: ['data-item', id],
    queryFn: ({ signal }) => api('/data/detail', { id: id ?? 0 }, { signal }),
  });
}

export function attachmentListQuery(projectId: number) {
  return queryOptions({
    queryKey: attachmentsKey(projectId),
    queryFn: ({ signal }) => api('/project/attachment-list', { project_id: projectId }, { signal }),
  });
}

export function deleteAttachment(id: number) {
  return api('/project/attachment-delete', { id });
}

/** Removes every item of the project's data. */
export function clearProjectData(projectId: number) {
  return api('/data/clear', { project_id: projectId });
}
