import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space, Spin, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { percent } from './practice-html.tsx';
import { practiceStatQuery } from './queries.ts';

/** `/trainingcamp/myteststat`: my practice totals, accuracy, wrong-book size, and answers per day as a chart. */
export function MyTestStatPage() {
  const { t } = useTranslation(['practice', 'common']);
  const stat = useQuery({
    ...practiceStatQuery(),
  });
  const option = useMemo(() => {
    const days = stat.data?.days ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('answered'), t('correct')] },
      grid: { left: 40, right: 16, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: days.map((d) => d.day) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { type: 'bar', name: t('answered'), data: days.map((d) => d.answered) },
        { type: 'bar', name: t('correct'), data: days.map((d) => d.correct) },
      ],
    };
  }, [stat.data, t]);
  if (stat.isError && !stat.data) return <LoadFailed error={stat.error} onRetry={() => stat.refetch()} />;
  if (!stat.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const data = stat.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('stat_title')}>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title={t('sessions')} value={data.sessions} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('answered')} value={data.answered} data-testid="practice-stat-answered" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('accuracy')} value={percent(data.correct, data.answered)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('wrong_book_size')} value={data.wrong_book} />
          </Col>
        </Row>
      </Card>
      <Card title={t('per_day')}>
        {data.days.length ? (
          <EChart option={option} testId="practice-stat-chart" />
        ) : (
          <Empty description={t('empty_stat')} />
        )}
      </Card>
    </Space>
  );
}
