import type { TMenuModule } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { ACCESS_KEY, useAllRoles } from './access-queries.ts';
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
 * Menu permissions (`/system/menu`): the menu catalogue of the code (modules, then their entries in order) with
 * the roles holding each entry. Read-only: entries are given to roles on the role's page.
 */
export function MenuListPage() {
  const { t } = useTranslation(['access-admin', 'common']);
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<string>();
  const roles = useAllRoles();
  const menus = useQuery({
    queryKey: [...ACCESS_KEY, 'menus'],
    queryFn: ({ signal }) => api('/auth/menus', {}, { signal }),
  });
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
        <Input.Search
          allowClear
          placeholder={t('search_menu')}
          onSearch={(value) => setKeyword(value.trim())}
          style={{ width: 280 }}
          data-testid="menu-search"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter_role')}
          style={{ width: 200 }}
          onChange={(value?: string) => setRole(value)}
          options={(roles.data?.list ?? []).map((r) => ({ value: r.key, label: r.name }))}
          data-testid="menu-role-filter"
        />
      </Space>
      <Table<Row>
        // Filtering opens every module that has a match; otherwise they start folded.
        key={filtering ? `open:${keyword}:${role}` : 'folded'}
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
          { title: t('path'), key: 'path', width: 260, render: (_, row) => row.route?.path ?? '' },
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
                  {!row.route.in_client && <Tag bordered={false}>{t('no_page')}</Tag>}
                </Space>
              ),
          },
          {
            title: t('holders'),
            key: 'holders',
            render: (_, row) => row.route && <RoleTags roles={row.route.roles} />,
          },
        ]}
      />
    </Card>
  );
}
