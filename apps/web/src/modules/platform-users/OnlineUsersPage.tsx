import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiOutput } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { onlineUsersQuery } from './queries.ts';

type OnlineUser = ApiOutput<'/system/online-users-all'>['list'][number];

/**
 * Websocket statistics (`/system/ws-stat`): users and sockets online across every server instance, and who they
 * are (organisation, role, since when, sockets), paged, refreshed every 10 s or on demand.
 */
export function OnlineUsersPage() {
  const { t } = useTranslation(['platform', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>({}, 20);
  const online = useQuery({
    ...onlineUsersQuery(filter, paging),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Card loading={online.isLoading} data-testid="online-users">
          <Statistic title={t('online_users')} value={online.data?.users ?? 0} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card loading={online.isLoading}>
          <Statistic title={t('online_sockets')} value={online.data?.sockets ?? 0} />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('online_list')}>
          <Space wrap style={{ marginBottom: 16 }}>
            <SearchInput
              placeholder={t('online_search')}
              onSearch={(keyword) => refilter({ keyword })}
              testId="online-search"
            />
            <Button icon={<ReloadOutlined />} onClick={() => online.refetch()} data-testid="online-refresh">
              {t('online_refresh')}
            </Button>
            <span className="stat-note">
              {t('refreshed_at', { time: formatTime(new Date(online.dataUpdatedAt || Date.now())) })}
            </span>
          </Space>
          <Table<OnlineUser>
            rowKey="user_id"
            loading={online.isFetching}
            dataSource={online.data?.list}
            data-testid="online-table"
            pagination={serverPagination(t, paging, online.data?.total ?? 0, setPaging)}
            columns={[
              {
                title: t('online_user'),
                key: 'user',
                render: (_, row) => (
                  <span>
                    {row.nickname} <Typography.Text type="secondary">({row.username})</Typography.Text>
                  </span>
                ),
              },
              { title: t('online_site'), dataIndex: 'site_name', render: (name: string | null) => name ?? none },
              { title: t('online_role'), dataIndex: 'role_name', render: (name: string | null) => name ?? none },
              {
                title: t('online_since'),
                dataIndex: 'since',
                render: (since: string | null) => (since ? formatTime(since) : none),
              },
              { title: t('online_socket_count'), dataIndex: 'sockets', width: 140, align: 'right' },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
