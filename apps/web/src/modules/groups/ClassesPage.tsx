import { CopyOutlined } from '@ant-design/icons';
import type { TClassGroupRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../shared/copy-text.ts';
import { formatTime } from '../../shared/format.ts';
import { CreateButton, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { GroupFormModal } from './GroupFormModal.tsx';
import { GroupMembersDrawer } from './GroupMembersDrawer.tsx';
import { classListQuery, closeGroup, deleteGroup, GROUPS_KEY, openGroup } from './queries.ts';

type Status = 'open' | 'closed';

/**
 * `/user/mygroups` (module 7): a teacher's classes (a manager sees every class of the organisation) with
 * their join codes, create, rename, open/close, delete (only empty classes) and members.
 */
export function ClassesPage() {
  const { t } = useTranslation(['groups', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; status?: Status }>();
  const [editing, setEditing] = useState<TClassGroupRow | 'new' | null>(null);
  const [membersOf, setMembersOf] = useState<TClassGroupRow | null>(null);

  const classes = useQuery({
    ...classListQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: Status }) =>
      status === 'open' ? openGroup(id) : closeGroup(id),
    onSuccess: (row) => void message.success(t(row.status === 'open' ? 'opened' : 'closed')),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => void message.success(t('deleted')),
    onSettled: refresh,
  });
  const settle = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      () => undefined,
    );
  const copy = async (code: string) => {
    if (await copyText(code)) void message.success(t('copied'));
    else void message.error(t('copy_failed'));
  };

  if (classes.isError && !classes.data) {
    return <LoadFailed error={classes.error} onRetry={() => classes.refetch()} />;
  }

  return (
    <Card title={t('classes_title')} data-testid="classes-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        <Space wrap>
          <SearchInput
            placeholder={t('search_classes')}
            width={240}
            onSearch={(keyword) => refilter({ keyword })}
            testId="class-search"
          />
          <Select<Status>
            allowClear
            placeholder={t('status_filter')}
            aria-label={t('status_filter')}
            style={{ width: 140 }}
            onChange={(status) => refilter({ status })}
            options={(['open', 'closed'] as const).map((s) => ({ value: s, label: t(`status_${s}`) }))}
          />
        </Space>
        <CreateButton label={t('create_class')} onClick={() => setEditing('new')} testId="class-create" />
      </div>
      <Table<TClassGroupRow>
        rowKey="id"
        data-testid="class-table"
        loading={classes.isFetching}
        dataSource={classes.data?.list}
        scroll={{ x: 960 }}
        locale={{ emptyText: classes.isLoading ? t('common:loading') : t('empty_classes') }}
        pagination={serverPagination(t, paging, classes.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('col_name'), dataIndex: 'name', ellipsis: true },
          {
            title: t('col_code'),
            dataIndex: 'join_code',
            width: 150,
            render: (code: string | null) =>
              code && (
                <Space size={4}>
                  <Typography.Text code data-testid="class-code">
                    {code}
                  </Typography.Text>
                  <Tooltip title={t('copy_code')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<CopyOutlined />}
                      aria-label={t('copy_code')}
                      onClick={() => void copy(code)}
                      data-testid="class-code-copy"
                    />
                  </Tooltip>
                </Space>
              ),
          },
          { title: t('col_members'), dataIndex: 'member_count', width: 110, align: 'right' },
          { title: t('col_owner'), dataIndex: 'owner_nickname', width: 120, render: (v: string | null) => v ?? '—' },
          {
            title: t('col_status'),
            dataIndex: 'status',
            width: 90,
            render: (s: Status) => <Tag color={s === 'open' ? 'green' : undefined}>{t(`status_${s}`)}</Tag>,
          },
          { title: t('col_created'), dataIndex: 'created_at', width: 170, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 280,
            fixed: 'right',
            render: (_, row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setMembersOf(row)} data-testid="class-members">
                  {t('members')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="class-rename">
                  {t('rename')}
                </Button>
                {row.status === 'open' ? (
                  <Popconfirm
                    title={t('close_confirm')}
                    okText={t('close')}
                    cancelText={t('common:cancel')}
                    onConfirm={() => settle(setStatus.mutateAsync({ id: row.id, status: 'closed' }))}
                  >
                    <Button type="link" size="small" data-testid="class-close">
                      {t('close')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setStatus.mutate({ id: row.id, status: 'open' })}
                    data-testid="class-open"
                  >
                    {t('open')}
                  </Button>
                )}
                {row.member_count > 0 ? (
                  <Tooltip title={t('delete_not_empty')}>
                    <Button type="link" size="small" danger disabled data-testid="class-delete">
                      {t('delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={t('delete_confirm')}
                    okText={t('delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common:cancel')}
                    onConfirm={() => settle(remove.mutateAsync(row.id))}
                  >
                    <Button type="link" size="small" danger data-testid="class-delete">
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && (
        <GroupFormModal
          kind="class"
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {membersOf && <GroupMembersDrawer group={membersOf} onClose={() => setMembersOf(null)} />}
    </Card>
  );
}
