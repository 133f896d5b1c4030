import type { TClassGroupRow, TTransferFailure } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import type { PageSize } from '../../shared/list-paging.ts';
import {
  addGroupMembers,
  GROUPS_KEY,
  groupMembersQuery,
  memberCandidatesQuery,
  removeGroupMembers,
} from './queries.ts';

/** Names of who could not be added or moved, with the reason of each. */
export function failureText(
  failures: readonly { user_id: number; reason: TTransferFailure }[],
  names: ReadonlyMap<number, string>,
  t: (key: string) => string,
): string {
  return failures.map((f) => `${names.get(f.user_id) ?? f.user_id} (${t(`reason_${f.reason}`)})`).join(', ');
}

/** A group's members, with adding (search the organisation's members) and removing. */
export function GroupMembersDrawer({ group, onClose }: { group: TClassGroupRow; onClose: () => void }) {
  const { t } = useTranslation(['groups', 'common', 'role-names']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 10 });
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const members = useQuery({
    ...groupMembersQuery(group.id, paging),
    placeholderData: keepPreviousData,
  });
  const candidates = useQuery(memberCandidatesQuery(group.id, keyword));
  const refresh = () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
  const names = new Map((candidates.data?.list ?? []).map((c) => [c.user_id, c.nickname]));

  const add = useMutation({
    mutationFn: (userIds: number[]) => addGroupMembers({ group_id: group.id, user_ids: userIds }),
    onSuccess: (result) => {
      void message.success(t('added', { count: result.added }));
      setPicked([]);
      setFailure(result.failures.length ? t('add_failures', { names: failureText(result.failures, names, t) }) : null);
    },
    onError: (error) => setFailure(error instanceof ApiError ? error.message : null),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: number) => removeGroupMembers({ group_id: group.id, user_ids: [userId] }),
    onSuccess: () => void message.success(t('removed')),
    onSettled: refresh,
  });

  return (
    <Drawer
      open
      size="large"
      title={t('members_of', { name: group.name })}
      onClose={onClose}
      data-testid="group-members"
    >
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Select
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          style={{ width: '100%' }}
          value={picked}
          onChange={setPicked}
          placeholder={t('add_members_placeholder')}
          aria-label={t('add_members_placeholder')}
          loading={candidates.isFetching}
          options={(candidates.data?.list ?? []).map((c) => ({
            value: c.user_id,
            label: `${c.nickname} (${c.username})${c.class_name ? ` · ${t('in_class', { name: c.class_name })}` : ''}`,
          }))}
          data-testid="group-add-select"
        />
        <Button
          type="primary"
          disabled={!picked.length}
          loading={add.isPending}
          onClick={() => add.mutate(picked)}
          data-testid="group-add-submit"
        >
          {t('add_members')}
        </Button>
      </Space.Compact>
      {failure && <Alert type="warning" showIcon title={failure} closable onClose={() => setFailure(null)} />}
      <Table
        rowKey="user_id"
        size="small"
        loading={members.isFetching}
        dataSource={members.data?.list}
        locale={{ emptyText: members.isLoading ? t('common:loading') : t('empty_members') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: members.data?.total ?? 0,
          showTotal: (n) => t('common:total', { count: n }),
          onChange: (page, pageSize) => setPaging({ page, pageSize: pageSize as PageSize }),
        }}
        columns={[
          { title: t('col_nickname'), dataIndex: 'nickname' },
          { title: t('col_username'), dataIndex: 'username' },
          {
            title: t('col_roles'),
            dataIndex: 'roles',
            render: (roles: string[]) =>
              roles.map((r) => <Tag key={r}>{t(`role-names:${r}`, { defaultValue: r })}</Tag>),
          },
          { title: t('col_joined'), dataIndex: 'joined_at', width: 170, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 90,
            render: (_, row) => (
              <Popconfirm
                title={t('remove_confirm')}
                okText={t('remove')}
                cancelText={t('common:cancel')}
                onConfirm={() =>
                  remove.mutateAsync(row.user_id).then(
                    () => undefined,
                    () => undefined,
                  )
                }
              >
                <Button type="link" size="small" danger data-testid="group-member-remove">
                  {t('remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
