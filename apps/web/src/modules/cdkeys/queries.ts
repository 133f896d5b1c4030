import type { TCdkeyCodeState } from '@app/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiInput, api } from '../../shared/api.ts';
import type { Paging } from '../../shared/list-paging.ts';

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

export function cdkeyBatchesQuery(filter: { keyword?: string }, paging: Paging) {
  return queryOptions({
    queryKey: [...CDKEYS_KEY, 'batches', filter, paging],
    queryFn: ({ signal }) => api('/dataset-cdkey/list', { ...filter, ...paging }, { signal }),
  });
}

export function cdkeyCodesQuery(
  batchId: number,
  state: TCdkeyCodeState | undefined,
  filter: { keyword?: string },
  paging: Paging,
) {
  return queryOptions({
    queryKey: [...CDKEYS_KEY, 'codes', batchId, state, filter, paging],
    queryFn: ({ signal }) =>
      api('/dataset-cdkey/codes', { batch_id: batchId, state, ...filter, ...paging }, { signal }),
  });
}

/** The learner's redeemed codes (or `hidden` when the organisation offers none). */
export function myCdkeysQuery() {
  return queryOptions({
    queryKey: [...CDKEYS_KEY, 'mine'],
    queryFn: ({ signal }) => api('/cdkey/mycdkey', {}, { signal }),
  });
}

export function createCdkeyBatch(input: ApiInput<'/dataset-cdkey/create'>) {
  return api('/dataset-cdkey/create', input);
}

export function disableCdkeys(ids: number[]) {
  return api('/dataset-cdkey/disable', { ids });
}

export function enableCdkeys(ids: number[]) {
  return api('/dataset-cdkey/enable', { ids });
}

/** The whole batch's codes as a file to save. */
export function exportCdkeys(batchId: number) {
  return api('/dataset-cdkey/export', { batch_id: batchId });
}

export function redeemCdkey(code: string) {
  return api('/cdkey/redeem', { code });
}
