import { useState } from 'react';
import type { PageSize, Paging } from './list-paging.ts';

/**
 * A server-paged list's filter and paging (`pageSize` the first page size, 10 unless given): a changed filter (or
 * `firstPage()`) goes back to page 1.
 */
export function useListFilter<Filter extends object>(initial: Filter = {} as Filter, pageSize: PageSize = 10) {
  const [filter, setFilter] = useState<Filter>(initial);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize });
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  const refilter = (next: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    firstPage();
  };
  return { filter, refilter, paging, setPaging, firstPage };
}
