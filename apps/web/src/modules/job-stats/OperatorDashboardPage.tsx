import { BarChartOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { TJobStatus } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Statistic } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { statDashboardQuery } from './queries.ts';
import { RangeBar } from './RangeBar.tsx';
import { dayTrendOption } from './stat-charts.ts';
import { type FigureKey, formatFigure } from './stat-columns.tsx';
import { type DayRange, lastSevenDays, rangeScope } from './stat-format.ts';

/** The statuses an operator's own jobs can be in (unclaimed jobs belong to nobody). */
const STATUSES: TJobStatus[] = ['in_progress', 'submitted', 'passed', 'rejected', 'pending', 'expired'];
const TOTALS: FigureKey[] = ['sheets', 'annotations', 'work_seconds', 'accuracy'];
const STATUS_COLORS: Partial<Record<TJobStatus, string>> = { rejected: '#cf1322', passed: '#389e0d' };

/** `/home_content_production`: the operator's instrument panel: jobs by status now, annotation figures per day. */
export function OperatorDashboardPage() {
  const { t } = useTranslation(['job-stats', 'common']);
  const [range, setRange] = useState<DayRange>(lastSevenDays);
  const scope = rangeScope(range);
  const board = useQuery({
    ...statDashboardQuery(scope),
    placeholderData: keepPreviousData,
  });
  const days = board.data?.days;
  const chart = useMemo(
    () => (days?.length ? dayTrendOption(days, ['sheets', 'annotations', 'boxes', 'points'], t) : null),
    [days, t],
  );
  if (board.isError && !board.data) return <LoadFailed error={board.error} onRetry={() => board.refetch()} />;
  const counts = board.data?.status_counts;
  const total = board.data?.total;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('job_status')}
        extra={
          <Space wrap>
            <Link to="/production/task/my/doing">
              <Button icon={<UnorderedListOutlined />} data-testid="dashboard-my-tasks">
                {t('my_tasks')}
              </Button>
            </Link>
            <Link to="/production/stat">
              <Button icon={<BarChartOutlined />} data-testid="dashboard-my-performance">
                {t('my_performance')}
              </Button>
            </Link>
          </Space>
        }
      >
        <Row gutter={[16, 16]}>
          {STATUSES.map((status) => (
            <Col key={status} xs={12} sm={8} xl={4}>
              <Card size="small">
                <Statistic
                  title={t(`status_${status}`)}
                  loading={board.isLoading}
                  value={counts?.[status] ?? 0}
                  styles={{ content: { color: STATUS_COLORS[status] } }}
                  formatter={(value) => <span data-testid={`dashboard-status-${status}`}>{value}</span>}
                />
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      <Card
        title={t('annotations_per_day')}
        extra={<RangeBar value={range} onChange={setRange} testId="dashboard-range" />}
      >
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {TOTALS.map((key) => (
            <Col key={key} xs={12} md={6}>
              <Statistic
                title={t(key)}
                loading={board.isLoading}
                value={total ? formatFigure(key, total) : '—'}
                formatter={(value) => <span data-testid={`dashboard-total-${key.replace('_', '-')}`}>{value}</span>}
              />
            </Col>
          ))}
        </Row>
        {chart ? (
          <EChart option={chart} height={300} testId="dashboard-chart" />
        ) : (
          <Empty description={board.isLoading ? t('common:loading') : t('no_data')} />
        )}
      </Card>
    </Space>
  );
}
