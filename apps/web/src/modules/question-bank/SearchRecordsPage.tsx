import type { TSearchRecord } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { searchRecordsQuery } from './queries.ts';
import './question-bank.css';

const FILTER_LABEL: Record<string, string> = {
  category_id: 'category',
  type: 'type',
  difficulty: 'difficulty',
  review_status: 'review_status',
  label_id: 'labels',
  node_id: 'nodes',
  mine: 'filter_mine',
};

/** A search's other filters as tags (known filters by name, their values translated where they are codes). */
function FilterTags({ filters }: { filters: Record<string, unknown> }) {
  const { t } = useTranslation('question-bank');
  const entries = Object.entries(filters).filter(
    ([, value]) => value !== undefined && value !== null && value !== false,
  );
  if (entries.length === 0) return <>—</>;
  const valueText = (key: string, value: unknown) => {
    if (key === 'type') return t(`type_${value}`);
    if (key === 'difficulty') return t(`difficulty_${value}`);
    if (key === 'review_status') return t(`status_${value}`);
    if (value === true) return t('yes');
    return String(value);
  };
  return (
    <>
      {entries.map(([key, value]) => (
        <Tag key={key}>
          {FILTER_LABEL[key] ? t(FILTER_LABEL[key]) : key}: {valueText(key, value)}
        </Tag>
      ))}
    </>
  );
}

/** `/dataset/data-search-record`: keyword searches run over the question bank, newest first. */
export function SearchRecordsPage() {
  const { t } = useTranslation(['question-bank', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const records = useQuery({
    ...searchRecordsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  if (records.isError && !records.data) return <LoadFailed error={records.error} onRetry={() => records.refetch()} />;
  return (
    <Card>
      <div className="qb-toolbar">
        <SearchInput placeholder={t('search_records_keyword')} onSearch={(keyword) => refilter({ keyword })} />
      </div>
      <Table<TSearchRecord>
        rowKey="id"
        loading={records.isFetching}
        dataSource={records.data?.list}
        locale={{ emptyText: records.isLoading ? t('common:loading') : t('search_records_empty') }}
        pagination={serverPagination(t, paging, records.data?.total, setPaging)}
        data-testid="qb-search-records"
        columns={[
          { title: t('search_keyword'), dataIndex: 'keyword' },
          {
            title: t('search_filters'),
            dataIndex: 'filters',
            render: (filters: Record<string, unknown>) => <FilterTags filters={filters} />,
          },
          { title: t('search_results'), dataIndex: 'result_count', width: 110 },
          { title: t('record_user'), dataIndex: 'user_name', width: 130, render: (v: string | null) => v ?? '—' },
          { title: t('record_time'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
        ]}
      />
    </Card>
  );
}
