import type { TMastery } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { categoryPortraitQuery } from './queries.ts';

function masteryChart(rows: TMastery[], name: string) {
  return {
    tooltip: {},
    grid: { left: 40, right: 16, top: 24, bottom: 60 },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.name),
      axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value', max: 100 },
    series: [{ type: 'bar', name, data: rows.map((r) => Math.round(r.mastery * 100)) }],
  };
}

function MasteryTable({ rows, title, testId }: { rows: TMastery[]; title: string; testId: string }) {
  const { t } = useTranslation('practice');
  return (
    <ResponsiveTable<TMastery>
      rowKey="id"
      size="small"
      dataSource={rows}
      pagination={false}
      data-testid={testId}
      columns={[
        { title, dataIndex: 'name' },
        { title: t('answered'), dataIndex: 'answered', width: 100 },
        { title: t('correct'), dataIndex: 'correct', width: 100 },
        { title: t('mastery'), dataIndex: 'mastery', width: 100, render: (m: number) => `${Math.round(m * 100)}%` },
      ]}
    />
  );
}

/** `/trainingcamp/category-portrait`: my mastery (correct / answered) per category and per knowledge node. */
export function CategoryPortraitPage() {
  const { t } = useTranslation(['practice', 'common']);
  const portrait = useQuery({
    ...categoryPortraitQuery(),
  });
  const categoryOption = useMemo(() => masteryChart(portrait.data?.categories ?? [], t('mastery')), [portrait.data, t]);
  const nodeOption = useMemo(() => masteryChart(portrait.data?.nodes ?? [], t('mastery')), [portrait.data, t]);
  if (portrait.isError && !portrait.data)
    return <LoadFailed error={portrait.error} onRetry={() => portrait.refetch()} />;
  if (!portrait.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const { categories, nodes } = portrait.data;
  if (categories.length === 0)
    return (
      <Card title={t('portrait_title')}>
        <Empty description={t('empty_portrait')} />
      </Card>
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={`${t('portrait_title')} · ${t('by_category')}`}>
        <EChart option={categoryOption} testId="practice-portrait-chart" />
        <MasteryTable rows={categories} title={t('category')} testId="practice-portrait-categories" />
      </Card>
      {nodes.length ? (
        <Card title={t('by_node')}>
          <EChart option={nodeOption} />
          <MasteryTable rows={nodes} title={t('by_node')} testId="practice-portrait-nodes" />
        </Card>
      ) : null}
    </Space>
  );
}
