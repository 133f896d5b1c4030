import type { TDataTransfer } from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Select, Table, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { DEPLOYMENT_KEY, POLL_MS, transferListQuery } from './queries.ts';
import { TransferProgress } from './TransferProgress.tsx';

const STATUS_COLOURS = { running: 'processing', succeeded: 'success', failed: 'error' } as const;

/** Pushes and pulls, newest first, polled while one runs; when one ends the packet list is refreshed. */
export function TransferHistory() {
  const { t } = useTranslation(['data-deployment', 'common']);
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ status?: TDataTransfer['status'] }>();
  const list = useQuery({
    ...transferListQuery(filter, paging),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((row) => row.status === 'running') ? POLL_MS : false),
  });
  const running = list.data?.list.filter((row) => row.status === 'running').length ?? 0;
  const wasRunning = useRef(0);
  useEffect(() => {
    if (running < wasRunning.current) void queryClient.invalidateQueries({ queryKey: [...DEPLOYMENT_KEY, 'packets'] });
    wasRunning.current = running;
  }, [running, queryClient]);

  return (
    <Card
      title={t('history')}
      extra={
        <Select
          allowClear
          placeholder={t('status')}
          aria-label={t('status')}
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status?: TDataTransfer['status']) => refilter({ status })}
          options={(['running', 'succeeded', 'failed'] as const).map((s) => ({ value: s, label: t(`status_${s}`) }))}
          data-testid="transfer-status-filter"
        />
      }
    >
      <Table<TDataTransfer>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('no_transfers') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="transfer-table"
        scroll={{ x: 900 }}
        columns={[
          { title: t('packet'), dataIndex: 'packet_name', width: 160 },
          {
            title: t('kind'),
            dataIndex: 'kind',
            width: 90,
            render: (kind: TDataTransfer['kind']) => t(`kind_${kind}`),
          },
          {
            title: t('source_target'),
            width: 200,
            render: (_: unknown, row) =>
              row.kind === 'push' ? t('pack_ref', { id: row.pack_id ?? '—' }) : (row.project_name ?? '—'),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (value: TDataTransfer['status']) => <Tag color={STATUS_COLOURS[value]}>{t(`status_${value}`)}</Tag>,
          },
          { title: t('progress'), width: 260, render: (_: unknown, row) => <TransferProgress transfer={row} /> },
          { title: t('started_at'), dataIndex: 'started_at', width: 150, render: (v: string | null) => formatTime(v) },
          { title: t('ended_at'), dataIndex: 'ended_at', width: 150, render: (v: string | null) => formatTime(v) },
          { title: t('created_by'), dataIndex: 'created_by', width: 120, render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
