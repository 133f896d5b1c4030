import type { TSearchRecord } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { QB_KEY } from './question-queries.ts';
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
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const records = useQuery({
    queryKey: [...QB_KEY, 'search-records', keyword, paging],
    queryFn: ({ signal }) => api('/dataset-data/search-records', { keyword, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  if (records.isError && !records.data) return <LoadFailed error={records.error} onRetry={() => records.refetch()} />;
  return (
    <Card>
      <div className="qb-toolbar">
        <Input.Search
          allowClear
          placeholder={t('search_records_keyword')}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 260 }}
        />
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
