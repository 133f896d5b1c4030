import { DownloadOutlined } from '@ant-design/icons';
import type { TSiteStatRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Row, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiInput } from '../../shared/api.ts';
import { EChart } from '../../shared/EChart.tsx';
import { saveFile } from '../../shared/files.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { type PageSize, serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import {
  exportSiteStats,
  siteStatProvincesQuery,
  siteStatSectionsQuery,
  siteStatsQuery,
  usePlaces,
} from './queries.ts';
import { SiteStatusTag } from './site-actions.tsx';

type StatInput = ApiInput<'/site/site-stat-list'>;
type Sort = NonNullable<StatInput['sort']>;

/** Platform statistics of organisations (a tab of `/site`): charts, the per-organisation table and its export. */
export function SiteStatsTab() {
  const { t } = useTranslation(['sites', 'common']);
  const { message } = App.useApp();
  const places = usePlaces();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [keyword, setKeyword] = useState<string>();
  const [sort, setSort] = useState<{ sort: Sort; order: 'asc' | 'desc' }>({ sort: 'active', order: 'desc' });
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 10 });
  const filter = {
    keyword,
    start_date: range[0].format('YYYY-MM-DD'),
    end_date: range[1].format('YYYY-MM-DD'),
    ...sort,
  };
  const list = useQuery({
    ...siteStatsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const sections = useQuery(siteStatSectionsQuery());
  const provinces = useQuery(siteStatProvincesQuery());
  const exportFile = useMutation({
    mutationFn: () => exportSiteStats(filter),
    onSuccess: (file) => {
      saveFile(file);
      void message.success(t('stat_exported', { name: file.file_name }));
    },
    onError: showError,
  });

  const sectionOption = useMemo(
    () =>
      sections.data && {
        tooltip: {},
        grid: { left: 40, right: 16, top: 16, bottom: 30 },
        xAxis: { type: 'category', data: sections.data.list.map((s) => s.key) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', name: t('stat_section_count'), data: sections.data.list.map((s) => s.count) }],
      },
    [sections.data, t],
  );
  const provinceOption = useMemo(
    () =>
      provinces.data && {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            data: provinces.data.list.map((p) => ({ name: p.code ? p.name : t('stat_unassigned'), value: p.count })),
          },
        ],
      },
    [provinces.data, t],
  );
  const provinceName = (code: string | null) =>
    code ? (places.options.find((p) => p.value === code)?.label ?? code) : '—';
  const sortOrder = (key: Sort): 'ascend' | 'descend' | null =>
    sort.sort === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('stat_by_section')}>
            {sectionOption && <EChart option={sectionOption} testId="site-stat-sections" />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('stat_by_province')}>
            {provinceOption && <EChart option={provinceOption} testId="site-stat-provinces" />}
          </Card>
        </Col>
      </Row>
      <Card>
        <ListToolbar
          actions={
            <Button
              icon={<DownloadOutlined />}
              loading={exportFile.isPending}
              onClick={() => exportFile.mutate()}
              data-testid="site-stat-export"
            >
              {t('stat_export')}
            </Button>
          }
        >
          <SearchInput
            placeholder={t('search_placeholder')}
            onSearch={(value) => {
              setKeyword(value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            testId="site-stat-search"
          />
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onChange={(value) => {
              if (value?.[0] && value[1]) {
                setRange([value[0], value[1]]);
                setPaging((p) => ({ ...p, page: 1 }));
              }
            }}
            aria-label={t('stat_range')}
            data-testid="site-stat-range"
          />
        </ListToolbar>
        <Table<TSiteStatRow>
          rowKey="site_id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          locale={{ emptyText: list.isError ? t('stat_load_failed') : t('empty') }}
          data-testid="site-stat-table"
          onChange={(_pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = one?.columnKey as Sort | undefined;
            setSort(
              key && one?.order
                ? { sort: key, order: one.order === 'ascend' ? 'asc' : 'desc' }
                : { sort: 'active', order: 'desc' },
            );
          }}
          pagination={serverPagination(t, paging, list.data?.total ?? 0, setPaging)}
          columns={[
            {
              title: t('stat_site_id'),
              key: 'id',
              dataIndex: 'site_id',
              width: 80,
              sorter: true,
              sortOrder: sortOrder('id'),
            },
            { title: t('stat_name'), key: 'name', dataIndex: 'name', sorter: true, sortOrder: sortOrder('name') },
            {
              title: t('stat_status'),
              key: 'status',
              dataIndex: 'status',
              width: 90,
              render: (status: 'open' | 'closed') => <SiteStatusTag status={status} />,
            },
            { title: t('stat_province'), key: 'province', dataIndex: 'province', render: provinceName },
            ...(['active', 'pending', 'logins', 'new_members'] as const).map((key) => ({
              title: t(`stat_${key}`),
              key,
              dataIndex: key,
              width: 120,
              sorter: true,
              sortOrder: sortOrder(key),
            })),
          ]}
        />
      </Card>
    </div>
  );
}
