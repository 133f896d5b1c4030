import type { TKnowledgeNodeRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Rate, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorTag } from '../../shared/ColorTag.tsx';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { allMapsQuery, labelOptionsQuery, mapDetailPath, nodeListQuery } from './queries.ts';

/** `/dataset/node`: every knowledge node of the organisation's maps, searchable, filtered by map or label. */
export function NodeListPage() {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{
    keyword?: string;
    map_id?: number;
    label_id?: number;
  }>({}, 20);
  const maps = useQuery(allMapsQuery());
  const labels = useQuery(labelOptionsQuery());
  const list = useQuery({
    ...nodeListQuery(filter, paging),
    placeholderData: keepPreviousData,
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          placeholder={t('node_list_search_placeholder')}
          width={280}
          onSearch={(keyword) => refilter({ keyword })}
          testId="node-list-search"
        />
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filter_map')}
          aria-label={t('filter_map')}
          style={{ width: 200 }}
          value={filter.map_id}
          onChange={(map_id) => refilter({ map_id })}
          loading={maps.isLoading}
          options={(maps.data?.list ?? []).map((m) => ({ value: m.id, label: m.name }))}
          data-testid="node-list-map"
        />
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filter_label')}
          aria-label={t('filter_label')}
          style={{ width: 180 }}
          value={filter.label_id}
          onChange={(label_id) => refilter({ label_id })}
          loading={labels.isLoading}
          options={(labels.data?.list ?? []).map((l) => ({ value: l.id, label: l.name }))}
          data-testid="node-list-label"
        />
      </Space>
      <Table<TKnowledgeNodeRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{
          emptyText: list.isLoading ? t('common:loading') : filter.keyword ? t('node_no_match') : t('node_list_empty'),
        }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1070 }}
        data-testid="node-list-table"
        columns={[
          {
            title: t('code'),
            dataIndex: 'code',
            width: 100,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: t('node_name'), dataIndex: 'name', width: 140 },
          {
            title: t('map'),
            dataIndex: 'map_name',
            width: 140,
            render: (name: string, row) => (
              <Space size={4}>
                <Link to={mapDetailPath(row.map_id)}>{name}</Link>
                {!row.map_enabled && <Tag>{t('status_disabled')}</Tag>}
              </Space>
            ),
          },
          { title: t('path'), dataIndex: 'path', width: 120, ellipsis: true },
          { title: t('skill'), dataIndex: 'skill', width: 90, ellipsis: true, render: (v: string) => v || '-' },
          {
            title: t('knowledge_points'),
            dataIndex: 'knowledge_points',
            width: 140,
            render: (points: string[]) => points.map((p) => <Tag key={p}>{p}</Tag>),
          },
          {
            title: t('importance'),
            dataIndex: 'importance',
            width: 130,
            render: (v: number) => <Rate disabled value={v} style={{ fontSize: 11 }} />,
          },
          {
            title: t('labels'),
            dataIndex: 'labels',
            width: 120,
            render: (list: TKnowledgeNodeRow['labels']) =>
              list.map((l) => (
                <ColorTag key={l.id} color={l.color}>
                  {l.name}
                </ColorTag>
              )),
          },
          { title: t('question_count'), dataIndex: 'question_count', width: 90 },
        ]}
      />
    </Card>
  );
}
