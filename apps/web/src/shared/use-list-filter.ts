import { useState } from 'react';
import type { Paging } from './list-paging.ts';

/** A server-paged list's filter and paging: a changed filter (or `firstPage()`) goes back to page 1. */
export function useListFilter<Filter extends object>(initial: Filter = {} as Filter) {
  const [filter, setFilter] = useState<Filter>(initial);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  const refilter = (next: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    firstPage();
  };
  return { filter, refilter, paging, setPaging, firstPage };
}
