import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TMemberRow } from '@app/contracts';
import { ROLE_KEYS } from '@app/contracts/navigation/index.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailText } from '../../shared/EmailText.tsx';
import { saveFile } from '../../shared/files.ts';
import { formatTime } from '../../shared/format.ts';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { ImportMembersModal } from './ImportMembersModal.tsx';
import { MemberFormModal, ResetPasswordButton, ResetPasswordModal } from './MemberFormModal.tsx';
import { deleteMember, exportMembers, MEMBERS_KEY, membersQuery } from './queries.ts';

/** Organisational structure (`/user/mylist`): the organisation's members with roles, search and filters. */
export function MemberListPage() {
  const { t } = useTranslation(['members', 'role-names', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{
    keyword?: string;
    role?: string;
    status?: 'active' | 'pending';
  }>();
  const members = useQuery({
    ...membersQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const myId = useSession().detail.user.id;
  const [editing, setEditing] = useState<{ open: boolean; seq: number; member?: TMemberRow }>({ open: false, seq: 0 });
  const [resetting, setResetting] = useState<TMemberRow | null>(null);
  const [importing, setImporting] = useState(false);
  const exportFile = useMutation({
    mutationFn: () => exportMembers(filter),
    onSuccess: saveFile,
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: (member: TMemberRow) => deleteMember(member.user_id).then(() => member),
    onSuccess: async (member) => {
      void message.success(t('removed', { name: member.username }));
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
    },
    onError: showError,
  });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => refilter({ keyword: keyword || undefined })}
          style={{ width: 260 }}
          data-testid="member-search"
        />
        <Select
          allowClear
          placeholder={t('role')}
          aria-label={t('role')}
          style={{ width: 180 }}
          onChange={(role?: string) => refilter({ role })}
          options={ROLE_KEYS.map((key) => ({ value: key, label: t(`role-names:${key}`) }))}
        />
        <Select
          allowClear
          placeholder={t('status')}
          aria-label={t('status')}
          style={{ width: 140 }}
          onChange={(status?: 'active' | 'pending') => refilter({ status })}
          options={[
            { value: 'active', label: t('status_active') },
            { value: 'pending', label: t('status_pending') },
          ]}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
          data-testid="member-create"
        >
          {t('create')}
        </Button>
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="member-import">
          {t('import')}
        </Button>
        <Button icon={<DownloadOutlined />} loading={exportFile.isPending} onClick={() => exportFile.mutate()}>
          {t('export')}
        </Button>
      </Space>
      <Table<TMemberRow>
        rowKey="id"
        loading={members.isFetching}
        dataSource={members.data?.list}
        scroll={{ y: 'calc(100vh - 275px)' }}
        locale={{ emptyText: t('empty') }}
        pagination={serverPagination(t, paging, members.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('user_id'), dataIndex: 'user_id', width: 90 },
          {
            title: t('username'),
            dataIndex: 'username',
            render: (name: string, row) => <Link to={`/manager/user/detail/info/${row.user_id}`}>{name}</Link>,
          },
          { title: t('nickname'), dataIndex: 'nickname' },
          { title: t('email'), dataIndex: 'email', render: (v: string | null) => <EmailText value={v} /> },
          { title: t('mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? '—' },
          {
            title: t('role'),
            dataIndex: 'roles',
            render: (roles: string[]) =>
              roles.map((r) => <Tag key={r}>{t(`role-names:${r}`, { defaultValue: r })}</Tag>),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => <Tag color={s === 'active' ? 'green' : 'orange'}>{t(`status_${s}`)}</Tag>,
          },
          { title: t('joined_at'), dataIndex: 'joined_at', width: 160, render: formatTime },
          {
            title: t('actions'),
            key: 'actions',
            width: 220,
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1, member: row }))}
                >
                  {t('edit')}
                </Button>
                <ResetPasswordButton member={row} size="small" onClick={() => setResetting(row)} />
                {row.user_id !== myId && (
                  <Popconfirm
                    title={t('remove_confirm', { name: row.username })}
                    onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger>
                      {t('remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <MemberFormModal
        key={editing.seq}
        open={editing.open}
        member={editing.member}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ResetPasswordModal member={resetting} onClose={() => setResetting(null)} />
      <ImportMembersModal open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
