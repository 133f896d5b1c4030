import type { TPackRow, TPackStatus } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Progress, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatTime } from '../../shared/format.ts';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import {
  getPackDownload,
  isActive,
  PACK_POLL_MS,
  PACKS_KEY,
  packListQuery,
  packPercent,
  restartPack,
  stopPack,
} from './queries.ts';

const STATUS_COLOR: Record<TPackStatus, string | undefined> = {
  queued: undefined,
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  stopped: 'warning',
};

/** Starts the browser's download of a finished pack (the file route takes the session cookie). */
async function download(id: number) {
  const { url, name } = await getPackDownload(id);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

const STATUSES = Object.keys(STATUS_COLOR) as TPackStatus[];

/**
 * Packs newest first, of one project (its Export tab) or of every project of the organisation (the packing history
 * page, with the project column and a status filter): progress while running (polled), counts, times, stop,
 * restart, download.
 */
export function PackHistory({ projectId }: { projectId?: number }) {
  const { t } = useTranslation(['packs', 'common']);
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ status?: TPackStatus }>();
  const packs = useQuery({
    ...packListQuery(projectId, filter, paging),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some(isActive) ? PACK_POLL_MS : false),
  });
  const act = useMutation({
    mutationFn: async ({ id, action }: { id: number; action: 'stop' | 'restart' | 'download' }) => {
      if (action === 'download') return download(id);
      await (action === 'stop' ? stopPack(id) : restartPack(id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PACKS_KEY }),
    onError: (error) => showError(error),
  });
  if (packs.isError && !packs.data) return <LoadFailed error={packs.error} onRetry={() => packs.refetch()} />;
  const busy = (id: number) => act.isPending && act.variables?.id === id;
  const actLink = (id: number, action: 'restart' | 'download') => (
    <Button
      type="link"
      size="small"
      loading={busy(id)}
      onClick={() => act.mutate({ id, action })}
      data-testid={`pack-${action}`}
    >
      {t(action)}
    </Button>
  );
  const projectColumn = {
    title: t('project'),
    dataIndex: 'project_name',
    render: (name: string, row: TPackRow) => (
      <Link to={`/production/project-detail/${row.project_id}/export`}>{name}</Link>
    ),
  };
  const table = (
    <Table<TPackRow>
      rowKey="id"
      size="small"
      scroll={{ x: 'max-content' }}
      loading={packs.isLoading}
      dataSource={packs.data?.list}
      locale={{ emptyText: packs.isLoading ? t('common:loading') : t('empty') }}
      pagination={serverPagination(t, paging, packs.data?.total, setPaging)}
      data-testid="pack-table"
      onRow={(row) => ({ 'data-testid': `pack-row-${row.id}`, 'data-status': row.status }) as object}
      columns={[
        { title: t('id'), dataIndex: 'id', width: 70 },
        ...(projectId === undefined ? [projectColumn] : []),
        { title: t('format'), dataIndex: 'format', render: (f: string) => t(`format_${f}`) },
        { title: t('step'), dataIndex: 'step_name', render: (v: string | null) => v ?? '—' },
        {
          title: t('batches'),
          dataIndex: 'batch_names',
          render: (names: string[]) => (names.length ? names.join(', ') : t('all_batches')),
        },
        {
          title: t('status'),
          dataIndex: 'status',
          render: (status: TPackStatus, row) => (
            <Tooltip title={row.error ?? undefined}>
              <Tag color={STATUS_COLOR[status]} data-testid="pack-status">
                {t(`status_${status}`)}
              </Tag>
            </Tooltip>
          ),
        },
        {
          title: t('progress'),
          key: 'progress',
          width: 200,
          render: (_, row) => (
            <div>
              <Progress
                aria-label={t('progress')}
                percent={packPercent(row)}
                size="small"
                status={row.status === 'failed' ? 'exception' : row.status === 'running' ? 'active' : undefined}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('counts', { done: row.done, total: row.total, ok: row.success_count, failed: row.fail_count })}
              </Typography.Text>
            </div>
          ),
        },
        {
          // Start and end in one cell: the list fits 1440 px with the project column.
          title: `${t('started_at')} / ${t('ended_at')}`,
          key: 'time',
          render: (_, row) => (
            <div>
              <div>{formatTime(row.started_at)}</div>
              <div>~ {formatTime(row.ended_at)}</div>
            </div>
          ),
        },
        {
          title: t('size'),
          dataIndex: 'file_bytes',
          render: (v: number | null) => (v === null ? '—' : formatBytes(v)),
        },
        { title: t('created_by'), dataIndex: 'created_by', render: (v: string | null) => v ?? '—' },
        {
          title: t('common:actions'),
          key: 'actions',
          fixed: 'end',
          render: (_, row) => (
            <Space size={0}>
              {isActive(row) && (
                <Popconfirm
                  title={t('stop_confirm')}
                  onConfirm={() => act.mutate({ id: row.id, action: 'stop' })}
                  okText={t('stop')}
                  cancelText={t('common:cancel')}
                >
                  <Button type="link" size="small" danger loading={busy(row.id)} data-testid="pack-stop">
                    {t('stop')}
                  </Button>
                </Popconfirm>
              )}
              {(row.status === 'stopped' || row.status === 'failed') && actLink(row.id, 'restart')}
              {row.status === 'succeeded' && actLink(row.id, 'download')}
            </Space>
          ),
        },
      ]}
    />
  );
  if (projectId !== undefined) return table;
  return (
    <>
      <ListToolbar>
        <Select<TPackStatus>
          allowClear
          placeholder={t('all_statuses')}
          aria-label={t('all_statuses')}
          style={{ width: 160 }}
          value={filter.status}
          onChange={(status) => refilter({ status })}
          options={STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))}
          data-testid="pack-status-filter"
        />
      </ListToolbar>
      {table}
    </>
  );
}
