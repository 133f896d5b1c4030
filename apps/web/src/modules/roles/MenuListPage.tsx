import type { TMenuModule } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { MenuEntryModal } from './MenuEntryModal.tsx';
import { allRolesQuery, deleteMenuEntry, menusQuery, useAccessChanged } from './queries.ts';
import { RoleTags } from './RoleTags.tsx';

type Route = TMenuModule['routes'][number];
interface Row {
  key: string;
  title: string;
  route?: Route;
  count?: number;
  children?: Row[];
}

/**
 * Menu permissions (`/system/menu`): the menu (modules, then their entries in order, with administrators'
 * overrides and custom links) with the roles holding each entry. Entries are given to roles on the role's page;
 * here an entry's module, sort and titles are changed, and custom links are added and deleted.
 */
export function MenuListPage() {
  const { t } = useTranslation(['roles', 'common']);
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<string>();
  const roles = useQuery(allRolesQuery());
  const [editing, setEditing] = useState<{ seq: number; open: boolean; route?: Route }>({ seq: 0, open: false });
  const { message } = App.useApp();
  const changed = useAccessChanged();
  const remove = useMutation({
    mutationFn: deleteMenuEntry,
    onSuccess: async (answer) => {
      void message.success(answer.removed === 'override' ? t('override_removed') : t('deleted'));
      await changed();
    },
    onError: showError,
  });
  const menus = useQuery(menusQuery());
  const rows = useMemo<Row[]>(() => {
    const needle = keyword.toLowerCase();
    const keep = (r: Route) =>
      (!needle || [r.title, r.name, r.path].some((text) => text.toLowerCase().includes(needle))) &&
      (!role || r.roles.some((holder) => holder.key === role));
    return (menus.data?.modules ?? [])
      .map((module) => {
        const children = module.routes.filter(keep).map((route) => ({ key: route.name, title: route.title, route }));
        return { key: module.key, title: module.title, count: module.routes.length, children };
      })
      .filter((module) => module.children.length > 0);
  }, [menus.data, keyword, role]);

  if (menus.isError && !menus.data) return <LoadFailed error={menus.error} onRetry={() => menus.refetch()} />;
  const filtering = Boolean(keyword || role);

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          placeholder={t('search_menu')}
          width={280}
          onSearch={(value) => setKeyword(value ?? '')}
          testId="menu-search"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter_role')}
          aria-label={t('filter_role')}
          style={{ width: 200 }}
          onChange={(value?: string) => setRole(value)}
          options={(roles.data?.list ?? []).map((r) => ({ value: r.key, label: r.name }))}
          data-testid="menu-role-filter"
        />
        <Button
          type="primary"
          onClick={() => setEditing((e) => ({ seq: e.seq + 1, open: true }))}
          data-testid="menu-create"
        >
          {t('create_menu')}
        </Button>
      </Space>
      <Table<Row>
        // Filtering opens every module that has a match (again when the list reloads, e.g. after an entry is added
        // while filtering); otherwise they start folded.
        key={filtering ? `open:${keyword}:${role}:${menus.dataUpdatedAt}` : 'folded'}
        rowKey="key"
        loading={menus.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 'calc(100vh - 275px)' }}
        locale={{ emptyText: menus.isLoading ? t('common:loading') : t('empty') }}
        expandable={{ defaultExpandAllRows: filtering }}
        data-testid="menu-table"
        columns={[
          {
            title: t('menu_title'),
            dataIndex: 'title',
            width: 260,
            render: (title: string, row) =>
              row.route ? (
                title
              ) : (
                <Space>
                  <Typography.Text strong>{title}</Typography.Text>
                  <Typography.Text type="secondary">{t('routes_count', { count: row.count })}</Typography.Text>
                </Space>
              ),
          },
          {
            title: t('route_name'),
            key: 'name',
            width: 230,
            render: (_, row) => <Typography.Text code>{row.route?.name ?? row.key}</Typography.Text>,
          },
          {
            title: t('path'),
            key: 'path',
            width: 260,
            ellipsis: true,
            render: (_, row) => (row.route?.custom ? row.route.url : (row.route?.path ?? '')),
          },
          {
            title: t('kind'),
            key: 'kind',
            width: 150,
            render: (_, row) =>
              row.route && (
                <Space size={4}>
                  <Tag bordered={false} color={row.route.in_menu ? 'blue' : undefined}>
                    {row.route.in_menu ? t('in_menu') : t('not_in_menu')}
                  </Tag>
                  {row.route.custom && (
                    <Tag bordered={false} color="green">
                      {t('custom_link')}
                    </Tag>
                  )}
                  {row.route.overridden && (
                    <Tag bordered={false} color="orange">
                      {t('overridden')}
                    </Tag>
                  )}
                  {!row.route.in_client && !row.route.custom && <Tag bordered={false}>{t('no_page')}</Tag>}
                </Space>
              ),
          },
          {
            title: t('holders'),
            key: 'holders',
            render: (_, row) => row.route && <RoleTags roles={row.route.roles} />,
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 150,
            render: (_, row) => {
              const route = row.route;
              if (!route) return null;
              return (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing((e) => ({ seq: e.seq + 1, open: true, route }))}
                    data-testid={`menu-edit-${route.name}`}
                  >
                    {t('edit')}
                  </Button>
                  {(route.custom || route.overridden) && (
                    <Popconfirm
                      title={
                        route.custom
                          ? t('delete_menu_confirm', { name: route.title })
                          : t('delete_override_confirm', { name: route.title })
                      }
                      okText={t('common:confirm')}
                      cancelText={t('common:cancel')}
                      okButtonProps={{ danger: true, loading: remove.isPending }}
                      onConfirm={() => remove.mutateAsync(route.name)}
                    >
                      <Button type="link" size="small" danger data-testid={`menu-delete-${route.name}`}>
                        {route.custom ? t('delete') : t('remove_override')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      {editing.open && (
        <MenuEntryModal
          key={editing.seq}
          modules={menus.data?.modules ?? []}
          route={editing.route}
          onClose={() => setEditing((e) => ({ seq: e.seq, open: false }))}
        />
      )}
    </Card>
  );
}
