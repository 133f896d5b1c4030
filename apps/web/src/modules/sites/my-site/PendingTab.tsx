import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { TPendingMemberRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format.ts';
import { SearchInput } from '../../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { serverPagination } from '../../../shared/list-paging.ts';
import { useListFilter } from '../../../shared/use-list-filter.ts';
import { approveMembers, pendingQuery, rejectMembers } from '../queries.ts';

type Verdict = 'approve' | 'reject';

/** The pending tab: people who signed up through an invitation, approved or rejected one by one or in a batch. */
export function PendingTab() {
  const { t } = useTranslation(['my-site', 'common']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const [selected, setSelected] = useState<number[]>([]);
  const pending = useQuery({
    ...pendingQuery({ ...paging, ...(filter.keyword ? { keyword: filter.keyword } : {}) }),
    placeholderData: keepPreviousData,
  });

  const decide = useMutation({
    mutationFn: ({ verdict, ids }: { verdict: Verdict; ids: number[] }) =>
      verdict === 'approve' ? approveMembers(ids) : rejectMembers(ids),
    onSuccess: ({ count }, { verdict }) => {
      void message.success(t(verdict === 'approve' ? 'approved' : 'rejected', { count }));
      setSelected([]);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['mysite'] }),
        queryClient.invalidateQueries({ queryKey: ['members'] }),
        queryClient.invalidateQueries({ queryKey: ['site-dashboard'] }),
      ]),
  });

  /** Asks first; the dialog stays open (loading) until the call ends. */
  const confirm = (verdict: Verdict, ids: number[]) =>
    modal.confirm({
      title: t(verdict),
      content: t(verdict === 'approve' ? 'approve_confirm' : 'reject_confirm', { count: ids.length }),
      okText: t(verdict),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: verdict === 'reject', 'data-testid': `pending-${verdict}-ok` },
      onOk: () =>
        decide.mutateAsync({ verdict, ids }).then(
          () => undefined,
          () => undefined,
        ),
    });

  if (pending.isError && !pending.data) {
    return <LoadFailed error={pending.error} onRetry={() => pending.refetch()} />;
  }

  return (
    <>
      <Alert type="info" showIcon className="mysite-hint" title={t('pending_hint')} />
      <div className="mysite-toolbar">
        <SearchInput
          placeholder={t('search_pending')}
          width={280}
          onSearch={(keyword) => {
            refilter({ keyword });
            setSelected([]);
          }}
          testId="pending-search"
        />
        <Space wrap>
          <Button
            icon={<CloseOutlined />}
            danger
            disabled={!selected.length}
            onClick={() => confirm('reject', selected)}
            data-testid="pending-reject-selected"
          >
            {t('reject_selected', { count: selected.length })}
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={!selected.length}
            onClick={() => confirm('approve', selected)}
            data-testid="pending-approve-selected"
          >
            {t('approve_selected', { count: selected.length })}
          </Button>
        </Space>
      </div>
      <Table<TPendingMemberRow>
        rowKey="id"
        data-testid="pending-table"
        loading={pending.isFetching}
        dataSource={pending.data?.list}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          preserveSelectedRowKeys: false,
        }}
        scroll={{ x: 1000, y: 'calc(100vh - 400px)' }}
        locale={{ emptyText: pending.isLoading ? t('common:loading') : t('empty_pending') }}
        pagination={serverPagination(t, paging, pending.data?.total ?? 0, (next) => {
          setPaging(next);
          setSelected([]);
        })}
        columns={[
          { title: t('col_username'), dataIndex: 'username' },
          { title: t('col_nickname'), dataIndex: 'nickname' },
          { title: t('col_email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
          { title: t('col_mobile'), dataIndex: 'mobile', width: 130, render: (v: string | null) => v ?? '—' },
          {
            title: t('col_invitation'),
            dataIndex: 'invitation_remarks',
            ellipsis: true,
            render: (v: string | null) => v || '—',
          },
          { title: t('col_joined'), dataIndex: 'joined_at', width: 170, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 150,
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => confirm('approve', [row.id])}
                  data-testid="pending-approve"
                >
                  {t('approve')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => confirm('reject', [row.id])}
                  data-testid="pending-reject"
                >
                  {t('reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
