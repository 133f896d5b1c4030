import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from './api.ts';

/** `…/detail/{tab?}/{id?}`: the tab (the first of `tabs` by default), and the id (also accepted in the tab's place). */
export function detailParams<Tab extends string>(
  tabs: readonly Tab[],
  params: { tab?: string; id?: string },
): { tab: Tab; id: number | null } {
  const raw = params.id ?? (params.tab && /^\d+$/.test(params.tab) ? params.tab : undefined);
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  return { tab: tabs.find((tab) => tab === params.tab) ?? tabs[0]!, id: id && id > 0 ? id : null };
}

/**
 * What a detail page shows before its record: not found (no id, or `not_found`) with a link back to `listPath`,
 * the load failure with a retry, or a skeleton while loading; null once the record is there. Texts from `t`:
 * not_found, back_to_list, load_failed, retry.
 */
export function detailFallback(
  t: TFunction,
  detail: UseQueryResult<unknown>,
  id: number | null,
  listPath: string,
): ReactElement | null {
  if (id === null || (detail.error instanceof ApiError && detail.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('not_found')} extra={<Link to={listPath}>{t('back_to_list')}</Link>} />
      </Card>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <Card>
        <Result
          status="error"
          title={t('load_failed')}
          subTitle={errorMessage(detail.error)}
          extra={<Button onClick={() => detail.refetch()}>{t('retry')}</Button>}
        />
      </Card>
    );
  }
  if (!detail.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return null;
}
