import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Statistic, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiOutput } from '../../shared/api.ts';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { myStatsQuery } from './queries.ts';
import { RangeBar } from './RangeBar.tsx';
import { dayTrendOption } from './stat-charts.ts';
import { type FigureKey, figureColumns, formatFigure } from './stat-columns.tsx';
import { type DayRange, lastSevenDays, rangeScope } from './stat-format.ts';

type DayRow = ApiOutput<'/stat/user'>['days'][number];

const CARDS: FigureKey[] = ['sheets', 'annotations', 'work_seconds', 'approvals', 'rejections', 'resets', 'accuracy'];

/** `/production/stat`: the caller's own figures over the range (`/stat/user`), as cards, a chart and a table. */
export function MyStatsPage() {
  const { t } = useTranslation(['job-stats', 'common']);
  const [range, setRange] = useState<DayRange>(lastSevenDays);
  const scope = rangeScope(range);
  const mine = useQuery({
    ...myStatsQuery(scope),
    placeholderData: keepPreviousData,
  });
  const days = mine.data?.days;
  const chart = useMemo(
    () => (days?.length ? dayTrendOption(days, ['sheets', 'annotations', 'approvals', 'rejections'], t) : null),
    [days, t],
  );
  const columns = useMemo(
    () => [{ title: t('day'), dataIndex: 'day', key: 'day', width: 120 }, ...figureColumns<DayRow>(t)],
    [t],
  );
  if (mine.isError && !mine.data) return <LoadFailed error={mine.error} onRetry={() => mine.refetch()} />;
  const total = mine.data?.total;
  return (
    <Card title={t('my_title')} extra={<RangeBar value={range} onChange={setRange} testId="my-stat-range" />}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Row gutter={[16, 16]}>
          {CARDS.map((key) => (
            <Col key={key} xs={12} sm={8} lg={6} xxl={3}>
              <Card size="small">
                <Statistic
                  title={t(key)}
                  loading={mine.isLoading}
                  value={total ? formatFigure(key, total) : '—'}
                  formatter={(value) => <span data-testid={`my-stat-${key.replace('_', '-')}`}>{value}</span>}
                />
              </Card>
            </Col>
          ))}
        </Row>
        {chart && (
          <Card size="small" title={t('per_day')}>
            <EChart option={chart} height={280} testId="my-stat-chart" />
          </Card>
        )}
        <Table<DayRow>
          rowKey="day"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={mine.isFetching}
          dataSource={days ? [...days].reverse() : undefined}
          columns={columns}
          locale={{ emptyText: mine.isLoading ? t('common:loading') : t('no_data') }}
          pagination={false}
          data-testid="my-stat-table"
        />
      </Space>
    </Card>
  );
}
