import type { TKnowledgeMapRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Select, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { MapFormModal } from './MapFormModal.tsx';
import { deleteMap, mapDetailPath, mapListQuery, setMapEnabled, useKmChanged } from './queries.ts';

type EnabledFilter = 'all' | 'enabled' | 'disabled';

/**
 * `/dataset/map`: the organisation's knowledge maps with node and question counts; search, an enabled filter, an
 * enable switch per row, edit in a modal, delete after a confirmation. New maps are made on `/dataset/mapCreate`.
 */
export function MapListPage() {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useKmChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; enabled: EnabledFilter }>({
    enabled: 'all',
  });
  const [editing, setEditing] = useState<TKnowledgeMapRow>();

  const list = useQuery({
    ...mapListQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: (row: TKnowledgeMapRow) => setMapEnabled(row.id, !row.enabled),
    onSuccess: async (saved) => {
      void message.success(saved.enabled ? t('map_enabled_done') : t('map_disabled_done'));
      await changed();
    },
  });
  const remove = useMutation({
    mutationFn: deleteMap,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <ListToolbar
        actions={
          <CreateButton label={t('map_create')} onClick={() => navigate('/dataset/mapCreate')} testId="map-create" />
        }
      >
        <SearchInput
          placeholder={t('map_search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="map-search"
        />
        <Select<EnabledFilter>
          aria-label={t('enabled')}
          value={filter.enabled}
          onChange={(enabled) => refilter({ enabled })}
          style={{ width: 140 }}
          options={[
            { value: 'all', label: t('filter_all') },
            { value: 'enabled', label: t('status_enabled') },
            { value: 'disabled', label: t('status_disabled') },
          ]}
          data-testid="map-enabled-filter"
        />
      </ListToolbar>
      <Table<TKnowledgeMapRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('map_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 900 }}
        data-testid="map-table"
        columns={[
          {
            title: t('map_name'),
            dataIndex: 'name',
            width: 200,
            render: (name: string, row) => (
              <Link to={mapDetailPath(row.id)} data-testid={`map-open-${row.id}`}>
                {name}
              </Link>
            ),
          },
          {
            title: t('description'),
            dataIndex: 'description',
            ellipsis: true,
            render: (v: string) => v || <Typography.Text type="secondary">-</Typography.Text>,
          },
          { title: t('category'), dataIndex: 'category_name', width: 140, render: (v: string | null) => v ?? '-' },
          { title: t('node_count'), dataIndex: 'node_count', width: 90 },
          { title: t('question_count'), dataIndex: 'question_count', width: 90 },
          {
            title: t('enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (value: boolean, row) => (
              <Switch
                checked={value}
                loading={toggle.isPending && toggle.variables?.id === row.id}
                onChange={() => toggle.mutate(row)}
                aria-label={t('enabled')}
                data-testid={`map-enabled-${row.id}`}
              />
            ),
          },
          { title: t('updated_at'), dataIndex: 'updated_at', width: 170, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 220,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(mapDetailPath(row.id, 'graph'))}>
                  {t('tab_graph')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing(row)} data-testid={`map-edit-${row.id}`}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('map_delete_confirm', { name: row.name })}
                  description={t('map_delete_help', { nodes: row.node_count })}
                  onConfirm={() => remove.mutateAsync(row.id)}
                  okText={t('delete')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ danger: true }}
                >
                  <Button type="link" size="small" danger data-testid={`map-delete-${row.id}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <MapFormModal
          key={editing.id}
          map={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void changed();
          }}
        />
      )}
    </Card>
  );
}
