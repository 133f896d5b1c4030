import { useQueryClient } from '@tanstack/react-query';

export const DICTS_KEY = ['production-dicts'] as const;

/** Drops the cached dictionary lists, details and options after a write. */
export function useDictsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DICTS_KEY });
}
