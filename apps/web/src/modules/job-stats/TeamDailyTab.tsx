import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiOutput } from '../../shared/api.ts';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { teamDailyQuery } from './queries.ts';
import { RangeBar } from './RangeBar.tsx';
import { dayTrendOption } from './stat-charts.ts';
import { FIGURE_KEYS, figureColumns, formatFigure } from './stat-columns.tsx';
import { type DayRange, lastSevenDays, rangeScope } from './stat-format.ts';
import { ExportButton, ForbiddenState, isForbidden, ProjectSelect } from './team-parts.tsx';

type DayRow = ApiOutput<'/stat/daily'>['days'][number];

/** Daily team performance: the team's figures per day (sheets, approvals, rejections charted), with totals. */
export function TeamDailyTab() {
  const { t } = useTranslation(['job-stats', 'common']);
  const [range, setRange] = useState<DayRange>(lastSevenDays);
  const [projectId, setProjectId] = useState<number>();
  const scope = { ...rangeScope(range), ...(projectId ? { project_id: projectId } : {}) };
  const daily = useQuery({
    ...teamDailyQuery(scope),
    placeholderData: keepPreviousData,
  });
  const days = daily.data?.days;
  const chart = useMemo(
    () => (days?.length ? dayTrendOption(days, ['sheets', 'approvals', 'rejections'], t) : null),
    [days, t],
  );
  const columns = useMemo(
    () => [{ title: t('day'), dataIndex: 'day', key: 'day', width: 120 }, ...figureColumns<DayRow>(t)],
    [t],
  );

  if (isForbidden(daily.error)) return <ForbiddenState />;
  if (daily.isError && !daily.data) return <LoadFailed error={daily.error} onRetry={() => daily.refetch()} />;
  const total = daily.data?.total;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <RangeBar value={range} onChange={setRange} testId="stat-daily-range" />
        <ProjectSelect value={projectId} onChange={setProjectId} />
        <ExportButton scope={scope} kind="daily" />
      </Space>
      {chart && (
        <Card size="small" title={t('per_day')}>
          <EChart option={chart} height={280} testId="stat-daily-chart" />
        </Card>
      )}
      <Table<DayRow>
        rowKey="day"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={daily.isFetching}
        dataSource={days ? [...days].reverse() : undefined}
        columns={columns}
        locale={{ emptyText: daily.isLoading ? t('common:loading') : t('no_data') }}
        pagination={false}
        summary={() =>
          total && days?.length ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>{t('total')}</strong>
                </Table.Summary.Cell>
                {FIGURE_KEYS.map((key, index) => (
                  <Table.Summary.Cell key={key} index={index + 1} align="right">
                    {formatFigure(key, total)}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
        data-testid="stat-daily-table"
      />
    </Space>
  );
}
