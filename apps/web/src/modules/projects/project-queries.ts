import type { TProjectDetail } from '@app/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../shared/api.ts';

/** Every project query starts with this key, so a change refreshes lists, details and setup lists together. */
export const PROJECTS_KEY = ['projects'] as const;
export const projectKey = (id: number) => [...PROJECTS_KEY, 'detail', id] as const;
export const setupKey = (id: number, part: 'batches' | 'steps' | 'tasks' | 'records' | 'data') =>
  [...PROJECTS_KEY, 'setup', id, part] as const;

export const LIST_PATH = '/production/project';
export const detailPath = (id: number, tab = 'info') => `/production/project-detail/${id}/${tab}`;
export const wizardPath = (id?: number, step?: number) =>
  `/production/project-create${id ? `?id=${id}${step !== undefined ? `&step=${step}` : ''}` : ''}`;

export function projectDetailQuery(id: number) {
  return queryOptions({
    queryKey: projectKey(id),
    queryFn: ({ signal }) => api('/project/detail', { id }, { signal }),
    staleTime: 0,
  });
}

/** Leaders, team groups and members the project forms offer (`/project/form`). */
export function useProjectForm() {
  return useQuery({
    queryKey: [...PROJECTS_KEY, 'form'],
    queryFn: ({ signal }) => api('/project/form', {}, { signal }),
    staleTime: 60_000,
  });
}

export async function refreshProjects(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
}

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

/** Enabled annotation categories for project creators (`/template-category/options`). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['template-category-options'],
    queryFn: ({ signal }) => api('/template-category/options', {}, { signal }),
    staleTime: 60_000,
  });
}

/** Templates the organisation can use, of one category when given (`/template/options`). */
export function useTemplateOptions(categoryId?: number | null, enabled = true) {
  return useQuery({
    queryKey: ['template-options', categoryId ?? null],
    queryFn: ({ signal }) => api('/template/options', categoryId ? { category_id: categoryId } : {}, { signal }),
    enabled,
    staleTime: 30_000,
  });
}
