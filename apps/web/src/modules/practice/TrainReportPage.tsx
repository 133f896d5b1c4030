import type { TPracticeBreakdown } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { percent, resultPath } from './practice-html.tsx';
import { practiceReportQuery } from './queries.ts';

function BreakdownTable({ rows, title, testId }: { rows: TPracticeBreakdown[]; title: string; testId: string }) {
  const { t } = useTranslation('practice');
  return (
    <ResponsiveTable<TPracticeBreakdown>
      rowKey="key"
      size="small"
      dataSource={rows}
      pagination={false}
      data-testid={testId}
      columns={[
        { title, dataIndex: 'name' },
        { title: t('total'), dataIndex: 'total', width: 100 },
        { title: t('answered'), dataIndex: 'answered', width: 100 },
        { title: t('correct'), dataIndex: 'correct', width: 100 },
        { title: t('accuracy'), width: 100, render: (_v, row) => percent(row.correct, row.answered) },
      ]}
    />
  );
}

/** `/trainingcamp/train-report?id=`: a session broken down by category (with a chart) and by difficulty. */
export function TrainReportPage() {
  const { t } = useTranslation(['practice', 'common']);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const report = useQuery({
    ...practiceReportQuery(id),
    enabled: valid,
  });
  const option = useMemo(() => {
    const rows = report.data?.by_category ?? [];
    return {
      tooltip: {},
      grid: { left: 40, right: 16, top: 24, bottom: 40 },
      xAxis: { type: 'category', data: rows.map((r) => r.name) },
      yAxis: { type: 'value', max: 100 },
      series: [
        {
          type: 'bar',
          name: t('accuracy'),
          data: rows.map((r) => (r.answered ? Math.round((r.correct / r.answered) * 100) : 0)),
        },
      ],
    };
  }, [report.data, t]);
  if (!valid) return <Empty description={t('no_session')} />;
  if (report.isError && !report.data) return <LoadFailed error={report.error} onRetry={() => report.refetch()} />;
  if (!report.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const data = report.data;
  const byDifficulty = data.by_difficulty.map((row) => ({ ...row, name: t(`difficulty_${row.key}`) }));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={`${t('report_title')} · ${data.session.set_name ?? t('wrong_book_practice')}`}
        extra={<Link to={resultPath(id)}>{t('result')}</Link>}
      >
        <EChart option={option} testId="practice-report-chart" />
      </Card>
      <Card title={t('by_category')}>
        <BreakdownTable rows={data.by_category} title={t('category')} testId="practice-report-category" />
      </Card>
      <Card title={t('by_difficulty')}>
        <BreakdownTable rows={byDifficulty} title={t('by_difficulty')} testId="practice-report-difficulty" />
      </Card>
    </Space>
  );
}
