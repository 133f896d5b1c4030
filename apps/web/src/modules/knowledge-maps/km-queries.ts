import { useQueryClient } from '@tanstack/react-query';

/** Every cached answer of this module starts with this key. */
export const KM_KEY = ['knowledge-maps'] as const;

/** Drops the cached maps, nodes, graphs and labels after a write (and the question editors' options). */
export function useKmChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KM_KEY });
}

/** Route paths of this module's pages. */
export const mapDetailPath = (id: number, tab = 'tree') => `/dataset/map-detail/${tab}/${id}`;
export const labelDetailPath = (id: number, tab = 'info') => `/dataset/label-detail/${tab}/${id}`;

/** Reads `{tab?}/{id?}`; a number alone in the first place is the id. */
export function detailParams<T extends string>(params: { tab?: string; id?: string }, tabs: readonly T[]) {
  const [first, second] = [params.tab, params.id];
  const idText = second ?? (first && /^\d+$/.test(first) ? first : undefined);
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const tab = tabs.includes(first as T) ? (first as T) : tabs[0]!;
  return { tab, id };
}
