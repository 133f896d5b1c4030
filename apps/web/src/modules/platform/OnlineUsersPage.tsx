import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';

/** Websocket statistics (`/system/ws-stat`): users and sockets online across every server instance. */
export function OnlineUsersPage() {
  const { t } = useTranslation('platform');
  const online = useQuery({
    queryKey: ['online-users'],
    queryFn: ({ signal }) => api('/system/online-users', {}, { signal }),
    refetchInterval: 10_000,
  });
  return (
    <Row gutter={16}>
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
      <Col span={24} style={{ marginTop: 12 }}>
        <span className="stat-note">
          {t('refreshed_at', { time: formatTime(new Date(online.dataUpdatedAt || Date.now())) })}
        </span>
      </Col>
    </Row>
  );
}
