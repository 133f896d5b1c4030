import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];
export interface Paging {
  page: number;
  pageSize: PageSize;
}

/** Table paging for lists paged in the browser: sizes 10/20/50/100, total, pager and jump. */
export function localPagination(t: TFunction): TablePaginationConfig {
  return {
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (n) => t('common:total', { count: n }),
  };
}

/** The same for lists paged on the server (`{page, pageSize}` in, `total` out). */
export function serverPagination(
  t: TFunction,
  paging: Paging,
  total: number | undefined,
  onChange: (paging: Paging) => void,
): TablePaginationConfig {
  return {
    ...localPagination(t),
    current: paging.page,
    pageSize: paging.pageSize,
    total: total ?? 0,
    onChange: (page, pageSize) => onChange({ page, pageSize: pageSize as PageSize }),
  };
}
