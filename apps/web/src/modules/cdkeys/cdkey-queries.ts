import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export const CDKEYS_KEY = ['cdkeys'] as const;

/** Refetches every activation-code query (batches, codes, my codes) after a change. */
export function useCdkeysChanged(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: CDKEYS_KEY }), [client]);
}

/** Cents as yuan with two decimals. */
export function formatPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}
