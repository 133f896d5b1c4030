import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

/** Every query of a project's data starts with this key, so an upload or removal refreshes them together. */
export const projectDataKey = (projectId: number) => ['project-data', projectId] as const;

export function useDataSummary(projectId: number) {
  return useQuery({
    queryKey: [...projectDataKey(projectId), 'summary'],
    queryFn: ({ signal }) => api('/data/summary', { project_id: projectId }, { signal }),
  });
}

/** The project's batches for the browser's filter; none when the caller may not list them. */
export function useBatchOptions(projectId: number) {
  return useQuery({
    queryKey: [...projectDataKey(projectId), 'batches'],
    queryFn: ({ signal }) => api('/batch/list', { project_id: projectId }, { signal }),
    retry: false,
  });
}
