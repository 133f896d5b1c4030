import type { TCategoryRow, TTemplateRow } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

export const TEMPLATES_KEY = ['annotation-templates'] as const;
export const CATEGORIES_KEY = ['annotation-categories'] as const;

export interface TemplateFilter {
  keyword?: string;
  category_id?: number;
  scope?: 'common' | 'private';
}

export interface CategoryFilter {
  keyword?: string;
  task_type?: TCategoryRow['task_type'];
  enabled?: boolean;
}

/** Drops the cached template and category lists after a write. */
export function useTemplatesChanged() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    await queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
  };
}

/** Enabled categories with their starting template, named in the user's language. */
export function categoryOptionsQuery() {
  return queryOptions({
    queryKey: [...CATEGORIES_KEY, 'options'],
    queryFn: ({ signal }) => api('/template-category/options', {}, { signal }),
    staleTime: 60_000,
  });
}

export function templateListQuery(filter: TemplateFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...TEMPLATES_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/template/list', { ...filter, ...paging }, { signal }),
  });
}

export function templateDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...TEMPLATES_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/template/detail', { id }, { signal }),
  });
}

export function categoryListQuery(filter: CategoryFilter, paging: Paging) {
  return queryOptions({
    queryKey: [...CATEGORIES_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/template-category/list', { ...filter, ...paging }, { signal }),
  });
}

export function categoryDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...CATEGORIES_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/template-category/detail', { id }, { signal }),
  });
}

/** A common template is created through the platform procedure, a private one through the organisation's. */
export function createTemplate(common: boolean, input: ApiInput<'/template/create'>) {
  return common ? api('/template/common-create', input) : api('/template/create', input);
}

export function updateTemplate(common: boolean, input: ApiInput<'/template/update'>) {
  return common ? api('/template/common-update', input) : api('/template/update', input);
}

export function deleteTemplate(row: TTemplateRow) {
  return row.scope === 'common'
    ? api('/template/common-delete', { id: row.id })
    : api('/template/delete', { id: row.id });
}

export function copyTemplate(id: number) {
  return api('/template/copy', { id });
}

export function createCategory(input: ApiInput<'/template-category/create'>) {
  return api('/template-category/create', input);
}

export function updateCategory(input: ApiInput<'/template-category/update'>) {
  return api('/template-category/update', input);
}

export function deleteCategory(id: number) {
  return api('/template-category/delete', { id });
}
