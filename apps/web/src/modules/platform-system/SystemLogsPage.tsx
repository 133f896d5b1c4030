import type { TAuditLogRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';

interface Filter {
  keyword?: string;
  user?: string;
  site_id?: number;
  from?: string;
  to?: string;
}

/** System logs (`/system`): the audit log of every write, searchable by keyword, user, organisation and date. */
export function SystemLogsPage() {
  const { t } = useTranslation(['system', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<Filter>({}, 20);
  const logs = useQuery({
    queryKey: ['system', 'logs', filter, paging],
    queryFn: ({ signal }) => api('/system/logs', { ...filter, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const sites = useQuery({
    queryKey: ['system', 'site-options'],
    queryFn: ({ signal }) => api('/site/list', { pageSize: 100 }, { signal }),
    staleTime: 60_000,
  });
  const actionText = (action: string) => t(`action_${action}`, { defaultValue: action });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          placeholder={t('log_keyword')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="log-search"
        />
        <SearchInput placeholder={t('log_user')} width={200} onSearch={(user) => refilter({ user })} />
        <Select
          allowClear
          placeholder={t('log_site')}
          style={{ width: 180 }}
          onChange={(site_id?: number) => refilter({ site_id })}
          options={(sites.data?.list ?? []).map((site) => ({ value: site.id, label: site.name }))}
        />
        <DatePicker.RangePicker
          onChange={(range) => {
            const [from, to] = (range ?? []) as (Dayjs | null)[];
            refilter({ from: from?.format('YYYY-MM-DD'), to: to?.format('YYYY-MM-DD') });
          }}
        />
        <Button onClick={() => logs.refetch()}>{t('refresh')}</Button>
      </Space>
      <Table<TAuditLogRow>
        rowKey="id"
        loading={logs.isFetching}
        dataSource={logs.data?.list}
        scroll={{ x: 1200 }}
        data-testid="log-table"
        expandable={{
          rowExpandable: (row) => row.details !== null,
          expandedRowRender: (row) => (
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
              {JSON.stringify(row.details, null, 2)}
            </pre>
          ),
        }}
        pagination={serverPagination(t, paging, logs.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('log_time'), dataIndex: 'created_at', width: 160, render: formatTime },
          {
            title: t('log_who'),
            key: 'who',
            width: 160,
            render: (_, row) =>
              row.username ? (
                <span>
                  {row.nickname} <Typography.Text type="secondary">({row.username})</Typography.Text>
                </span>
              ) : (
                '—'
              ),
          },
          { title: t('log_site'), dataIndex: 'site_name', width: 140, render: (v: string | null) => v ?? '—' },
          {
            title: t('log_action'),
            dataIndex: 'action',
            width: 170,
            render: (action: string) => (
              <span title={action} data-testid="log-action">
                {actionText(action)}
              </span>
            ),
          },
          {
            title: t('log_target'),
            key: 'target',
            width: 220,
            render: (_, row) =>
              row.target_type ? (
                <span>
                  {t(`target_${row.target_type}`, { defaultValue: row.target_type })} #{row.target_id}
                  {row.target_name && <Typography.Text type="secondary"> {row.target_name}</Typography.Text>}
                </span>
              ) : (
                '—'
              ),
          },
          { title: t('log_ip'), dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
          {
            title: t('log_details'),
            dataIndex: 'details',
            ellipsis: true,
            render: (details: TAuditLogRow['details']) => (details ? JSON.stringify(details) : '—'),
          },
        ]}
      />
    </Card>
  );
}
