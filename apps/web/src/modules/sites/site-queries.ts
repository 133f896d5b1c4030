import type { TSiteDetail } from '@app/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { USER_DETAIL_KEY } from '../../shared/session/use-user-detail.ts';

/** Every organisation query starts with one of these keys, so a change refreshes lists and details together. */
export const SITES_KEY = ['sites'] as const;
export const siteKey = (id: number) => ['site', id] as const;

export function siteDetailQuery(id: number) {
  return queryOptions({
    queryKey: siteKey(id),
    queryFn: ({ signal }) => api('/site/detail', { id }, { signal }),
    staleTime: 0,
  });
}

/** The options of the organisation form and filters (`/site/form`). */
export function useSiteForm() {
  return useQuery({
    queryKey: ['site-form'],
    queryFn: ({ signal }) => api('/site/form', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The provincial divisions (`/place/list`) as select options named in the current language. */
export function usePlaces() {
  const { i18n } = useTranslation();
  const places = useQuery({
    queryKey: ['places'],
    queryFn: ({ signal }) => api('/place/list', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const zh = i18n.language.startsWith('zh');
  const options = useMemo(
    () => (places.data?.list ?? []).map((p) => ({ value: p.code, label: zh ? p.name_zh : p.name_en })),
    [places.data, zh],
  );
  return { options, isLoading: places.isLoading };
}

export async function refreshSites(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SITES_KEY }),
    id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: siteKey(id) }),
    // The caller's own organisation may be the one changed (name, logo) and the shell shows it.
    queryClient.invalidateQueries({ queryKey: USER_DETAIL_KEY }),
  ]);
}

/** After a write: refresh the lists and the organisation's detail (or put the answered detail in place). */
export function useSitesChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id?: number, detail?: TSiteDetail) => {
      if (detail) queryClient.setQueryData(siteKey(detail.id), detail);
      await refreshSites(queryClient, detail ? undefined : id);
    },
    [queryClient],
  );
}
