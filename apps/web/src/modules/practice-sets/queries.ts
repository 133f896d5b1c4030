import type { TPracticeSetStatus } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

/** Every cached answer about practice sets (lists, details, pool previews) sits under this key. */
export const PRACTICE_SETS_KEY = ['practice-sets'] as const;

/** Drops the cached practice-set answers after a write. */
export function usePracticeSetsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PRACTICE_SETS_KEY });
}

export function practiceSetsQuery(filter: { keyword?: string; status?: TPracticeSetStatus }, paging: Paging) {
  return queryOptions({
    queryKey: [...PRACTICE_SETS_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/dataset-train/list', { ...filter, ...paging }, { signal }),
  });
}

/** One set to edit; `null` (a new set) is never fetched: the caller disables the query. */
export function practiceSetQuery(id: number | null) {
  return queryOptions({
    queryKey: [...PRACTICE_SETS_KEY, 'detail', id],
    queryFn: ({ signal }) => api('/dataset-train/detail', { id: id! }, { signal }),
  });
}

/** How many passed questions the pool's sources yield, with the first of them. */
export function poolPreviewQuery(pool: ApiInput<'/dataset-train/pool-preview'>) {
  return queryOptions({
    queryKey: [...PRACTICE_SETS_KEY, 'pool-preview', pool],
    queryFn: ({ signal }) => api('/dataset-train/pool-preview', pool, { signal }),
  });
}

export function createPracticeSet(input: ApiInput<'/dataset-train/create'>) {
  return api('/dataset-train/create', input);
}

export function updatePracticeSet(input: ApiInput<'/dataset-train/update'>) {
  return api('/dataset-train/update', input);
}

export function publishPracticeSet(id: number) {
  return api('/dataset-train/publish', { id });
}

export function closePracticeSet(id: number) {
  return api('/dataset-train/close', { id });
}

export function deletePracticeSet(id: number) {
  return api('/dataset-train/delete', { id });
}
