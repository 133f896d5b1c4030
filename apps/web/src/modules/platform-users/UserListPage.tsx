import type { TPlatformUserRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailText } from '../../shared/EmailText.tsx';
import { formatTime } from '../../shared/format.ts';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { PLATFORM_USERS_KEY, platformUserFormQuery, platformUserListQuery, setUserStatus } from './queries.ts';

type Status = 'active' | 'disabled';
interface Filter {
  keyword?: string;
  status?: Status;
  site_id?: number;
  from?: string;
  to?: string;
}

/** Platform user management (`/user/list`): every account, with filters, enable/disable and details. */
export function UserListPage() {
  const { t } = useTranslation(['platform-users', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<Filter>();
  const users = useQuery({
    ...platformUserListQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const form = useQuery(platformUserFormQuery());
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const myId = useSession().detail.user.id;
  const setStatus = useMutation({
    mutationFn: (input: { user: TPlatformUserRow; status: Status }) =>
      setUserStatus({ user_id: input.user.id, status: input.status }).then(() => input),
    onSuccess: async ({ user, status }) => {
      void message.success(t(status === 'disabled' ? 'disabled_done' : 'enabled_done', { name: user.username }));
      await queryClient.invalidateQueries({ queryKey: PLATFORM_USERS_KEY });
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
          data-testid="platform-user-search"
        />
        <Select<Status>
          allowClear
          placeholder={t('status')}
          aria-label={t('status')}
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status) => refilter({ status })}
          options={(form.data?.statuses ?? ['active', 'disabled']).map((s) => ({ value: s, label: t(`status_${s}`) }))}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('organisation')}
          aria-label={t('organisation')}
          style={{ width: 200 }}
          value={filter.site_id}
          onChange={(site_id) => refilter({ site_id })}
          options={form.data?.sites.map((s) => ({ value: s.id, label: s.name }))}
        />
        <DatePicker.RangePicker
          placeholder={[t('created_from'), t('created_to')]}
          onChange={(_, [from, to]) => refilter({ from: from || undefined, to: to || undefined })}
        />
      </Space>
      <Table<TPlatformUserRow>
        rowKey="id"
        size="middle"
        loading={users.isFetching}
        dataSource={users.data?.list}
        scroll={{ x: 1100, y: 'calc(100vh - 275px)' }}
        locale={{ emptyText: t('empty') }}
        pagination={serverPagination(t, paging, users.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('id'), dataIndex: 'id', width: 80 },
          {
            title: t('username'),
            dataIndex: 'username',
            render: (username: string, row) => <Link to={`/user/detail/info/${row.id}`}>{username}</Link>,
          },
          { title: t('nickname'), dataIndex: 'nickname' },
          { title: t('email'), dataIndex: 'email', render: (v: string | null) => <EmailText value={v} /> },
          { title: t('mobile'), dataIndex: 'mobile', width: 130, render: (v: string | null) => v ?? '—' },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (status: Status) => (
              <Tag color={status === 'active' ? 'green' : 'red'}>{t(`status_${status}`)}</Tag>
            ),
          },
          { title: t('organisations'), dataIndex: 'organisations', width: 100 },
          { title: t('created_at'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
          {
            title: t('last_login_at'),
            dataIndex: 'last_login_at',
            width: 170,
            render: (v: string | null) => formatTime(v),
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 160,
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                <Link to={`/user/detail/info/${row.id}`}>
                  <Button type="link" size="small">
                    {t('detail')}
                  </Button>
                </Link>
                {row.id === myId ? null : row.status === 'active' ? (
                  <Popconfirm
                    title={t('disable_confirm', { name: row.username })}
                    onConfirm={() => setStatus.mutateAsync({ user: row, status: 'disabled' })}
                  >
                    <Button type="link" size="small" danger>
                      {t('disable')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm
                    title={t('enable_confirm', { name: row.username })}
                    onConfirm={() => setStatus.mutateAsync({ user: row, status: 'active' })}
                  >
                    <Button type="link" size="small">
                      {t('enable')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
