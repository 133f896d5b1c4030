import { useQueryClient } from '@tanstack/react-query';

/** Every cached answer about practice sets (lists, details, pool previews) sits under this key. */
export const PRACTICE_SETS_KEY = ['practice-sets'] as const;

/** Drops the cached practice-set answers after a write. */
export function usePracticeSetsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PRACTICE_SETS_KEY });
}
