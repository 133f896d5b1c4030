import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../shared/EChart.tsx';
import { formatTime } from '../../shared/format.ts';
import { siteDashboardQuery } from './queries.ts';

/** Organisation dashboard (`/home_manager`): members by role and status, sign-ins, newest members. */
export function SiteHomePage() {
  const { t } = useTranslation(['members', 'role-names', 'platform']);
  const figures = useQuery(siteDashboardQuery());
  const data = figures.data;
  const loginsOption = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 24, bottom: 32 },
        xAxis: { type: 'category', data: data.logins.last_7_days.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            type: 'line',
            smooth: true,
            areaStyle: {},
            name: t('platform:logins'),
            data: data.logins.last_7_days.map((d) => d.count),
          },
        ],
      },
    [data, t],
  );
  if (!data) return <Skeleton active />;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card data-testid="site-dashboard-title">
          <Statistic title={t('dashboard_site')} value={data.site.name} />
        </Card>
      </Col>
      <Col xs={24} sm={8}>
        <Card data-testid="stat-members">
          <Statistic title={t('dashboard_members')} value={data.members.active} />
        </Card>
      </Col>
      <Col xs={24} sm={8}>
        <Card>
          <Statistic title={t('dashboard_pending')} value={data.members.pending} />
        </Card>
      </Col>
      <Col xs={24} sm={8}>
        <Card>
          <Statistic title={t('platform:logins_today')} value={data.logins.today} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('platform:logins_last_7_days')}>{loginsOption && <EChart option={loginsOption} />}</Card>
      </Col>
      <Col xs={24} lg={6}>
        <Card title={t('platform:members_by_role')}>
          <ul className="plain-list">
            {data.roles.map((r) => (
              <li key={r.role}>
                <span>{t(`role-names:${r.role}`, { defaultValue: r.role })}</span>
                <b>{r.count}</b>
              </li>
            ))}
          </ul>
        </Card>
      </Col>
      <Col xs={24} lg={6}>
        <Card title={t('dashboard_recent')}>
          <ul className="plain-list">
            {data.recent_members.map((m) => (
              <li key={m.username}>
                <span>{m.nickname}</span>
                <span className="plain-list-note">{formatTime(m.joined_at)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </Col>
    </Row>
  );
}
