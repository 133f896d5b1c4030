import type { TQuestionCategoryRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { categoryDetailPath } from './CategoryPage.tsx';
import { categoryQueueQuery, verifyCategories } from './queries.ts';
import { useReviewBatch } from './use-review-batch.tsx';
import './question-bank.css';

/**
 * `/dataset/category-verify`: categories waiting for review (made by teachers); pass the chosen ones, or fail them
 * with a reason the author sees.
 */
export function CategoryVerifyPage() {
  const { t } = useTranslation(['question-bank', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const list = useQuery({
    ...categoryQueueQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const review = useReviewBatch(verifyCategories, 'qb-category');

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <div className="qb-toolbar">
        <SearchInput placeholder={t('category_search')} onSearch={(keyword) => refilter({ keyword })} />
        <div className="qb-toolbar-end">{review.batchButtons}</div>
      </div>
      <Table<TQuestionCategoryRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        rowSelection={review.rowSelection}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('category_queue_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="qb-category-queue"
        columns={[
          {
            title: t('category_name'),
            dataIndex: 'path',
            render: (path: string, row) => <Link to={categoryDetailPath(row.id)}>{path || row.name}</Link>,
          },
          {
            title: t('category_description'),
            dataIndex: 'description',
            ellipsis: true,
            render: (v: string) => v || '—',
          },
          { title: t('author'), dataIndex: 'created_by_name', width: 120, render: (v: string | null) => v ?? '—' },
          { title: t('created_at'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 160,
            render: (_: unknown, row) => <Space size={0}>{review.rowButtons(row.id)}</Space>,
          },
        ]}
      />
      {review.reasonModal}
    </Card>
  );
}
