import { JOB_STATUSES } from '@app/contracts/procedures/jobs.ts';
import { useQuery } from '@tanstack/react-query';
import { Result, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type ApiOutput } from '../../../shared/api.ts';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { figureColumns } from '../../job-stats/index.ts';
import { performanceQuery } from '../queries.ts';

type Row = ApiOutput<'/stat/list-by-batch'>['list'][number];

/** A project's performance per batch and step (`/stat/list-by-batch`): job counts by status and the figures. */
export function PerformanceTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation(['job-stats', 'common']);
  const stats = useQuery(performanceQuery(projectId));
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      { title: t('batch'), dataIndex: 'batch_name', key: 'batch', fixed: 'start', width: 140 },
      { title: t('step'), dataIndex: 'step_name', key: 'step', width: 140 },
      {
        title: t('jobs_by_status'),
        key: 'counts',
        children: JOB_STATUSES.map((status) => ({
          title: t(`status_${status}`),
          key: `count-${status}`,
          align: 'right' as const,
          render: (_: unknown, row: Row) => row.counts[status] ?? 0,
        })),
      },
      ...figureColumns<Row>(t),
    ],
    [t],
  );
  if (stats.error instanceof ApiError && stats.error.code === 'forbidden') {
    return <Result status="403" title={t('forbidden_title')} data-testid="performance-forbidden" />;
  }
  if (stats.isError && !stats.data) return <LoadFailed error={stats.error} onRetry={() => stats.refetch()} />;
  return (
    <Table<Row>
      rowKey={(row) => `${row.batch_id}-${row.step_id}`}
      size="small"
      bordered
      scroll={{ x: 'max-content' }}
      loading={stats.isFetching}
      dataSource={stats.data?.list}
      columns={columns}
      locale={{ emptyText: stats.isLoading ? t('common:loading') : t('batch_empty') }}
      pagination={false}
      data-testid="performance-table"
    />
  );
}
