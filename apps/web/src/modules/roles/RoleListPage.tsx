import { ReloadOutlined } from '@ant-design/icons';
import type { TRoleRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { allGroupsQuery, deleteRole, refreshCache, rolesQuery, useAccessChanged } from './queries.ts';

export const roleEditPath = (key?: string) =>
  key ? `/system/role-edit?key=${encodeURIComponent(key)}` : '/system/role-edit';

/** A role's description; built-in roles without one show their standard text. */
export function useRoleDescription() {
  const { t } = useTranslation('roles');
  return (role: { key: string; builtin: boolean; description: string }) =>
    role.description || (role.builtin ? t(`builtin_desc_${role.key}`, { defaultValue: '' }) : '');
}

/** Roles of the platform (`/system/role`): search, filter by group, create, edit, delete, refresh permissions. */
export function RoleListPage() {
  const { t } = useTranslation(['roles', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { detail } = useSession();
  const changed = useAccessChanged();
  const describe = useRoleDescription();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; group_id?: number }>();
  const roles = useQuery({
    ...rolesQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const groups = useQuery(allGroupsQuery());
  const remove = useMutation({
    mutationFn: deleteRole,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
  });
  const refresh = useMutation({
    mutationFn: refreshCache,
    onSuccess: async () => {
      void message.success(t('cache_refreshed'));
      await changed();
    },
  });

  if (roles.isError && !roles.data) return <LoadFailed error={roles.error} onRetry={() => roles.refetch()} />;

  return (
    <Card>
      <ListToolbar
        actions={
          <Space wrap>
            {'system-refresh-cache' in detail.user.auth_menus && (
              <Button
                icon={<ReloadOutlined />}
                loading={refresh.isPending}
                onClick={() => refresh.mutate()}
                data-testid="role-refresh-cache"
              >
                {t('refresh_cache')}
              </Button>
            )}
            <CreateButton label={t('create_role')} onClick={() => navigate(roleEditPath())} testId="role-create" />
          </Space>
        }
      >
        <SearchInput
          placeholder={t('search_role')}
          width={280}
          onSearch={(keyword) => refilter({ keyword })}
          testId="role-search"
        />
        <Select
          allowClear
          placeholder={t('group')}
          aria-label={t('group')}
          style={{ width: 180 }}
          onChange={(group_id?: number) => refilter({ group_id })}
          options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
          data-testid="role-group-filter"
        />
      </ListToolbar>
      <Table<TRoleRow>
        rowKey="key"
        loading={roles.isFetching}
        dataSource={roles.data?.list}
        scroll={{ x: 1100, y: 'calc(100vh - 275px)' }}
        locale={{ emptyText: roles.isLoading ? t('common:loading') : t('empty') }}
        data-testid="role-table"
        pagination={serverPagination(t, paging, roles.data?.total ?? 0, setPaging)}
        columns={[
          {
            title: t('name'),
            dataIndex: 'name',
            width: 200,
            render: (name: string, row) => (
              <Space size={4} wrap>
                <Link to={roleEditPath(row.key)} data-testid={`role-link-${row.key}`}>
                  {name}
                </Link>
                {row.builtin && <Tag color="blue">{t('builtin')}</Tag>}
                {row.platform && <Tag color="purple">{t('platform')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('key'),
            dataIndex: 'key',
            width: 230,
            render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
          },
          {
            title: t('description'),
            dataIndex: 'description',
            ellipsis: true,
            render: (_: string, row) => describe(row) || '—',
          },
          {
            title: t('group'),
            dataIndex: 'group',
            width: 130,
            render: (group: TRoleRow['group']) =>
              group ? group.name : <Typography.Text type="secondary">{t('no_group')}</Typography.Text>,
          },
          { title: t('member_count'), dataIndex: 'member_count', width: 90 },
          { title: t('permission_count'), dataIndex: 'permission_count', width: 90 },
          { title: t('menu_count'), dataIndex: 'menu_count', width: 100 },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 140,
            render: (_, row) => {
              const blocked = row.builtin
                ? t('builtin_cannot_delete')
                : row.member_count > 0
                  ? t('in_use_cannot_delete')
                  : '';
              return (
                <Space size={0}>
                  <Link to={roleEditPath(row.key)}>
                    <Button type="link" size="small" data-testid={`role-edit-${row.key}`}>
                      {t('edit')}
                    </Button>
                  </Link>
                  {blocked ? (
                    <Tooltip title={blocked}>
                      <Button type="link" size="small" danger disabled>
                        {t('delete')}
                      </Button>
                    </Tooltip>
                  ) : (
                    <Popconfirm
                      title={t('delete_role_confirm', { name: row.name })}
                      okText={t('common:confirm')}
                      cancelText={t('common:cancel')}
                      okButtonProps={{ danger: true, loading: remove.isPending }}
                      onConfirm={() => remove.mutateAsync(row.key)}
                    >
                      <Button type="link" size="small" danger data-testid={`role-delete-${row.key}`}>
                        {t('delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
