import type { TSiteDetail, TSiteRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Select, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { formatDay, formatTime } from '../../shared/format.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { siteDetailQuery, siteFormQuery, siteListQuery } from './queries.ts';
import { SiteFormModal } from './SiteFormModal.tsx';
import { SiteStatsTab } from './SiteStatsTab.tsx';
import { ServiceTypeTag, SiteDeleteButton, SiteStatusButton, SiteStatusTag } from './site-actions.tsx';

interface Filter {
  keyword?: string;
  status?: 'open' | 'closed';
  service_type?: 0 | 1;
}

export const detailPath = (id: number, tab = 'info') => `/site/detail/${tab}/${id}`;

/** `/site`: the organisations (tab `list`) and their statistics (tab `stats`, `?tab=stats`). */
export function SiteListPage() {
  const { t } = useTranslation('sites');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'stats' ? 'stats' : 'list';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'stats' ? { tab: 'stats' } : {}, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'list', label: t('tab_list'), children: <SiteListTab /> },
        { key: 'stats', label: <span data-testid="site-tab-stats">{t('tab_stats')}</span>, children: <SiteStatsTab /> },
      ]}
    />
  );
}

/** Organisations of the platform: search and filters, create and edit, open and close, delete. */
function SiteListTab() {
  const { t } = useTranslation(['sites', 'common']);
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<Filter>();
  // `seq` remounts the form for every opening, so it starts from the organisation's current values.
  const [editing, setEditing] = useState<{ open: boolean; seq: number; site?: TSiteDetail }>({ open: false, seq: 0 });
  const options = useQuery(siteFormQuery());
  const sites = useQuery({
    ...siteListQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  // Editing needs the fields the list leaves out (address): load the detail first.
  const openEdit = useMutation({
    mutationFn: (id: number) => queryClient.fetchQuery(siteDetailQuery(id)),
    onSuccess: (site) => setEditing((e) => ({ open: true, seq: e.seq + 1, site })),
  });

  if (sites.isError && !sites.data) {
    return (
      <Card>
        <Result
          status="error"
          title={t('load_failed')}
          subTitle={errorMessage(sites.error)}
          extra={
            <Button onClick={() => sites.refetch()} data-testid="site-retry">
              {t('retry')}
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card>
      <ListToolbar
        actions={
          <CreateButton
            label={t('create')}
            onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
            testId="site-create"
          />
        }
      >
        <SearchInput
          placeholder={t('search_placeholder')}
          width={280}
          onSearch={(keyword) => refilter({ keyword })}
          testId="site-search"
        />
        <Select
          allowClear
          placeholder={t('status')}
          aria-label={t('status')}
          style={{ width: 140 }}
          onChange={(status?: 'open' | 'closed') => refilter({ status })}
          options={(options.data?.statuses ?? ['open', 'closed']).map((s) => ({
            value: s,
            label: t(`status_${s}`),
          }))}
          data-testid="site-status-filter"
        />
        <Select
          allowClear
          placeholder={t('service_type')}
          aria-label={t('service_type')}
          style={{ width: 160 }}
          onChange={(service_type?: 0 | 1) => refilter({ service_type })}
          options={(options.data?.service_types ?? []).map((type) => ({
            value: type.value,
            label: t(`service_type_${type.key}`),
          }))}
          data-testid="site-type-filter"
        />
      </ListToolbar>
      <Table<TSiteRow>
        rowKey="id"
        loading={sites.isFetching}
        dataSource={sites.data?.list}
        scroll={{ x: 1100, y: 'calc(100vh - 275px)' }}
        locale={{ emptyText: sites.isLoading ? t('common:loading') : t('empty') }}
        data-testid="site-table"
        pagination={serverPagination(t, paging, sites.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('id'), dataIndex: 'id', width: 60 },
          {
            title: t('name'),
            dataIndex: 'name',
            width: 150,
            render: (name: string, row) => (
              <div>
                <Link to={detailPath(row.id)} data-testid={`site-link-${row.id}`}>
                  {name}
                </Link>
                {row.name_en && (
                  <div>
                    <Typography.Text type="secondary">{row.name_en}</Typography.Text>
                  </div>
                )}
              </div>
            ),
          },
          {
            title: t('service_type'),
            dataIndex: 'service_type',
            width: 100,
            render: (value: number) => <ServiceTypeTag value={value} />,
          },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 80,
            render: (status: 'open' | 'closed') => <SiteStatusTag status={status} />,
          },
          {
            title: t('domain'),
            dataIndex: 'domain',
            width: 120,
            ellipsis: true,
            render: (v: string | null) => v ?? '—',
          },
          { title: t('member_count'), dataIndex: 'member_count', width: 90 },
          {
            title: t('period'),
            key: 'period',
            width: 150,
            render: (_, row) =>
              row.start_at || row.end_at ? (
                <div>
                  <div>{formatTime(row.start_at)}</div>
                  <div>~ {formatTime(row.end_at)}</div>
                </div>
              ) : (
                '—'
              ),
          },
          {
            title: t('remarks'),
            dataIndex: 'remarks',
            width: 100,
            ellipsis: true,
            render: (v: string | null) => v || '—',
          },
          { title: t('created_at'), dataIndex: 'created_at', width: 100, render: formatDay },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 150,
            render: (_, row) => (
              <Space size={0} wrap>
                <Link to={detailPath(row.id)}>
                  <Button type="link" size="small">
                    {t('detail')}
                  </Button>
                </Link>
                <Button
                  type="link"
                  size="small"
                  loading={openEdit.isPending && openEdit.variables === row.id}
                  onClick={() => openEdit.mutate(row.id)}
                  data-testid={`site-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                <SiteStatusButton site={row} size="small" />
                <SiteDeleteButton site={row} size="small" />
              </Space>
            ),
          },
        ]}
      />
      <SiteFormModal
        key={editing.seq}
        open={editing.open}
        site={editing.site}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Card>
  );
}
