import type { TDataPacket } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { ConfirmLink, CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { PacketFormModal } from './PacketFormModal.tsx';
import { deletePacket, formatBytes, POLL_MS, packetListQuery, useDeploymentChanged } from './queries.ts';
import { StartTransferModal, type TransferKind } from './StartTransferModal.tsx';
import { TransferHistory } from './TransferHistory.tsx';
import { TransferProgress } from './TransferProgress.tsx';

/**
 * `/system/data-deployment` (platform administration): data packets on FTP servers with create, edit and delete,
 * push of a finished pack and pull into a draft project, and the transfer history with live progress.
 */
export function DataDeploymentPage() {
  const { t } = useTranslation(['data-deployment', 'common']);
  const { message } = App.useApp();
  const changed = useDeploymentChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  // `seq` remounts the form for every opening, so it starts from the packet's saved state.
  const [form, setForm] = useState<{ open: boolean; seq: number; packet?: TDataPacket }>({ open: false, seq: 0 });
  const [transfer, setTransfer] = useState<{ kind: TransferKind; packet: TDataPacket }>();

  const list = useQuery({
    ...packetListQuery(filter, paging),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((row) => row.last_transfer?.status === 'running') ? POLL_MS : false,
  });
  const remove = useMutation({
    mutationFn: deletePacket,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
    onError: (error) => showError(error),
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  const busy = (row: TDataPacket) => row.last_transfer?.status === 'running';
  const transferButton = (row: TDataPacket, kind: TransferKind) => (
    <Tooltip title={row.ftp_address ? undefined : t('no_address')}>
      <Button
        type="link"
        size="small"
        disabled={!row.ftp_address || busy(row)}
        onClick={() => setTransfer({ kind, packet: row })}
        data-testid={`packet-${kind}-${row.id}`}
      >
        {t(kind)}
      </Button>
    </Tooltip>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('packets')}>
        <ListToolbar
          actions={
            <CreateButton
              label={t('create')}
              onClick={() => setForm((f) => ({ open: true, seq: f.seq + 1 }))}
              testId="packet-create"
            />
          }
        >
          <SearchInput
            placeholder={t('search_placeholder')}
            onSearch={(keyword) => refilter({ keyword })}
            testId="packet-search"
          />
        </ListToolbar>
        <Table<TDataPacket>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.list}
          locale={{ emptyText: list.isLoading ? t('common:loading') : t('empty') }}
          pagination={serverPagination(t, paging, list.data?.total, setPaging)}
          data-testid="packet-table"
          scroll={{ x: 1100 }}
          columns={[
            { title: t('name'), dataIndex: 'name', width: 130 },
            { title: t('path'), dataIndex: 'path', width: 120, ellipsis: true, render: (v: string) => v || '/' },
            {
              title: t('ftp_address'),
              key: 'ftp',
              width: 160,
              render: (_: unknown, row) => (
                <div>
                  <div>{row.ftp_address || '—'}</div>
                  {row.ftp_user && (
                    <Typography.Text type="secondary">
                      {t('ftp_user')}: {row.ftp_user}
                    </Typography.Text>
                  )}
                </div>
              ),
            },
            { title: t('size'), dataIndex: 'size_bytes', width: 90, render: (v: number) => formatBytes(v) },
            { title: t('volume'), dataIndex: 'item_count', width: 80 },
            {
              title: t('uploaded_at'),
              dataIndex: 'uploaded_at',
              width: 140,
              render: (v: string | null) => formatTime(v),
            },
            {
              title: t('last_transfer'),
              width: 200,
              render: (_: unknown, row) =>
                row.last_transfer ? <TransferProgress transfer={row.last_transfer} /> : t('never'),
            },
            {
              title: t('common:actions'),
              width: 180,
              fixed: 'right',
              render: (_: unknown, row) => (
                <Space size={0} wrap>
                  {transferButton(row, 'push')}
                  {transferButton(row, 'pull')}
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setForm((f) => ({ open: true, seq: f.seq + 1, packet: row }))}
                    data-testid={`packet-edit-${row.id}`}
                  >
                    {t('edit')}
                  </Button>
                  <ConfirmLink
                    title={t('delete_confirm', { name: row.name })}
                    label={t('delete')}
                    cancelText={t('common:cancel')}
                    onConfirm={() => remove.mutateAsync(row.id)}
                    danger
                    disabled={busy(row)}
                    testId={`packet-delete-${row.id}`}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <TransferHistory />
      <PacketFormModal
        key={form.seq}
        open={form.open}
        packet={form.packet}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={() => {
          setForm((f) => ({ ...f, open: false }));
          void changed();
        }}
      />
      {transfer && (
        <StartTransferModal
          key={`${transfer.kind}-${transfer.packet.id}`}
          kind={transfer.kind}
          packet={transfer.packet}
          onClose={() => setTransfer(undefined)}
          onStarted={() => {
            setTransfer(undefined);
            void changed();
          }}
        />
      )}
    </Space>
  );
}
