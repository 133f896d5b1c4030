import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../shared/EChart.tsx';
import { platformDashboardQuery } from './queries.ts';

/** Platform dashboard (`/home_platform`): organisations, people, sessions and sign-ins across the platform. */
export function PlatformHomePage() {
  const { t } = useTranslation(['platform', 'role-names']);
  const figures = useQuery(platformDashboardQuery());
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
            type: 'bar',
            name: t('logins'),
            data: data.logins.last_7_days.map((d) => d.count),
            itemStyle: { color: '#2f54eb' },
          },
        ],
      },
    [data, t],
  );
  const rolesOption = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: data.roles.map((r) => ({
              name: t(`role-names:${r.role}`, { defaultValue: r.role }),
              value: r.count,
            })),
          },
        ],
      },
    [data, t],
  );
  if (!data) return <Skeleton active />;
  const stats = [
    {
      key: 'sites',
      value: data.sites.total,
      suffix: t('open_closed', { open: data.sites.open, closed: data.sites.closed }),
    },
    { key: 'users', value: data.users.total, suffix: t('new_this_week', { count: data.users.new_last_7_days }) },
    { key: 'members', value: data.memberships.active, suffix: t('pending_count', { count: data.memberships.pending }) },
    { key: 'logins_today', value: data.logins.today },
    { key: 'active_sessions', value: data.active_sessions },
  ];
  return (
    <Row gutter={[16, 16]}>
      {stats.map((s) => (
        <Col key={s.key} xs={24} sm={12} lg={8} xl={4}>
          <Card data-testid={`stat-${s.key}`}>
            <Statistic title={t(s.key)} value={s.value} />
            {s.suffix && <div className="stat-note">{s.suffix}</div>}
          </Card>
        </Col>
      ))}
      <Col xs={24} lg={14}>
        <Card title={t('logins_last_7_days')}>
          {loginsOption && <EChart option={loginsOption} testId="logins-chart" />}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('members_by_role')}>{rolesOption && <EChart option={rolesOption} />}</Card>
      </Col>
    </Row>
  );
}
