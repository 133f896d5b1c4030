import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import type { TInvitationRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api.ts';
import { formatTime } from '../../../shared/format.ts';
import { SearchInput } from '../../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { serverPagination } from '../../../shared/list-paging.ts';
import { useListFilter } from '../../../shared/use-list-filter.ts';
import { deleteInvitation, myInvitationsQuery, startInvitation, stopInvitation } from '../queries.ts';
import { InvitationDetailDrawer } from './InvitationDetailDrawer.tsx';
import { InvitationFormModal } from './InvitationFormModal.tsx';
import { InviteEmailsModal } from './InviteEmailsModal.tsx';
import { InvitationLink, InvitationStateTag, invitationState, type StatusFilter } from './invitation-parts.tsx';

/** The invitations tab: the organisation's links with create, edit, start/stop, delete and invite by email. */
export function InvitationsTab({ initialDetailId }: { initialDetailId?: number | undefined }) {
  const { t } = useTranslation(['my-site', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; status?: StatusFilter }>();
  const [editing, setEditing] = useState<TInvitationRow | 'new' | null>(null);
  const [inviting, setInviting] = useState(false);
  const [detailId, setDetailId] = useState<number | undefined>(initialDetailId);

  const invitations = useQuery({
    ...myInvitationsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mysite'] });

  const start = useMutation({
    mutationFn: startInvitation,
    onSuccess: (row) => void message.success(t('started', { time: formatTime(row.expires_at) })),
    onSettled: refresh,
  });
  const stop = useMutation({
    mutationFn: stopInvitation,
    onSuccess: () => void message.success(t('stopped')),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteInvitation,
    onSuccess: () => void message.success(t('deleted')),
    onSettled: refresh,
  });
  /** For confirmations: they stay open while the call runs; a failure is shown by the mutation's toast. */
  const settle = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      () => undefined,
    );

  if (invitations.isError && !invitations.data) {
    return <LoadFailed error={invitations.error} onRetry={() => invitations.refetch()} />;
  }

  return (
    <>
      <div className="mysite-toolbar">
        <Space wrap>
          <SearchInput
            placeholder={t('search_invitations')}
            width={240}
            onSearch={(keyword) => refilter({ keyword })}
            testId="invitation-search"
          />
          <Select<StatusFilter>
            allowClear
            placeholder={t('status_filter')}
            aria-label={t('status_filter')}
            style={{ width: 140 }}
            onChange={(status) => refilter({ status })}
            options={(['using', 'expired', 'stopped'] as const).map((s) => ({ value: s, label: t(`status_${s}`) }))}
            data-testid="invitation-status-filter"
          />
        </Space>
        <Space wrap>
          <Button icon={<MailOutlined />} onClick={() => setInviting(true)} data-testid="invitation-invite-emails">
            {t('invite_emails')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="invitation-create"
          >
            {t('create')}
          </Button>
        </Space>
      </div>
      <Table<TInvitationRow>
        rowKey="id"
        data-testid="invitation-table"
        loading={invitations.isFetching}
        dataSource={invitations.data?.list}
        scroll={{ x: 1100, y: 'calc(100vh - 340px)' }}
        locale={{ emptyText: invitations.isLoading ? t('common:loading') : t('empty_invitations') }}
        pagination={serverPagination(t, paging, invitations.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('col_link'), key: 'link', render: (_, row) => <InvitationLink link={row.link} /> },
          {
            title: t('col_remarks'),
            dataIndex: 'remarks',
            width: 200,
            ellipsis: { showTitle: true },
            render: (v: string) => v || '—',
          },
          { title: t('col_visits'), dataIndex: 'visits', width: 90, align: 'right' },
          { title: t('col_signups'), dataIndex: 'signups', width: 90, align: 'right' },
          {
            title: t('col_status'),
            key: 'status',
            width: 90,
            render: (_, row) => <InvitationStateTag row={row} />,
          },
          { title: t('col_expires'), dataIndex: 'expires_at', width: 170, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 200,
            fixed: 'right',
            render: (_, row) => {
              const state = invitationState(row);
              return (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setDetailId(row.id)} data-testid="invitation-detail">
                    {t('details')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="invitation-edit">
                    {t('edit')}
                  </Button>
                  {state === 'using' ? (
                    <Popconfirm
                      title={t('stop_confirm')}
                      okText={t('stop')}
                      cancelText={t('common:cancel')}
                      onConfirm={() => settle(stop.mutateAsync(row.id))}
                    >
                      <Button type="link" size="small" data-testid="invitation-stop">
                        {t('stop')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button
                      type="link"
                      size="small"
                      loading={start.isPending && start.variables === row.id}
                      onClick={() => start.mutate(row.id)}
                      data-testid="invitation-start"
                    >
                      {t(state === 'expired' ? 'renew' : 'start')}
                    </Button>
                  )}
                  <Popconfirm
                    title={t('delete_confirm')}
                    okText={t('delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common:cancel')}
                    onConfirm={() => settle(remove.mutateAsync(row.id))}
                  >
                    <Button type="link" size="small" danger data-testid="invitation-delete">
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />
      {invitations.isError && (
        <Alert type="error" showIcon title={errorMessage(invitations.error)} className="mysite-failures" />
      )}
      {editing !== null && (
        <InvitationFormModal
          invitation={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {inviting && <InviteEmailsModal onClose={() => setInviting(false)} onSent={() => void refresh()} />}
      <InvitationDetailDrawer id={detailId} onClose={() => setDetailId(undefined)} />
    </>
  );
}
