import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

export const DICTS_KEY = ['production-dicts'] as const;

/** Drops the cached dictionary lists, details and options after a write. */
export function useDictsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DICTS_KEY });
}

export function dictsQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...DICTS_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/production-dict/list', { ...filter, ...paging }, { signal }),
  });
}

/** One dictionary with its items. */
export function dictDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...DICTS_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/production-dict/detail', { id }, { signal }),
  });
}

export function createDict(input: ApiInput<'/production-dict/create'>) {
  return api('/production-dict/create', input);
}

export function updateDict(input: ApiInput<'/production-dict/update'>) {
  return api('/production-dict/update', input);
}

export function deleteDict(id: number) {
  return api('/production-dict/delete', { id });
}

/** Replaces the dictionary's whole item list. */
export function saveDictItems(input: ApiInput<'/production-dict/items-save'>) {
  return api('/production-dict/items-save', input);
}
