import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiOutput } from '../../shared/api.ts';
import { EChart } from '../../shared/EChart.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { ConditionRows } from './ConditionRows.tsx';
import { type ConditionDraft, type StatCondition, toConditions } from './conditions.ts';
import { teamUsersQuery } from './queries.ts';
import { RangeBar } from './RangeBar.tsx';
import { topOperatorsOption } from './stat-charts.ts';
import { figureColumns } from './stat-columns.tsx';
import { type DayRange, lastSevenDays, rangeScope } from './stat-format.ts';
import { ExportButton, ForbiddenState, isForbidden, ProjectSelect } from './team-parts.tsx';

type UserRow = ApiOutput<'/stat/users'>['list'][number];

/** Team performance: each operator's figures over the range, filtered by project and conditions; chart and export. */
export function TeamUsersTab() {
  const { t } = useTranslation(['job-stats', 'common']);
  const [range, setRange] = useState<DayRange>(lastSevenDays);
  const [projectId, setProjectId] = useState<number>();
  const [drafts, setDrafts] = useState<ConditionDraft[]>([]);
  const [conditions, setConditions] = useState<StatCondition[]>([]);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 20 });
  const scope = { ...rangeScope(range), ...(projectId ? { project_id: projectId } : {}) };
  const users = useQuery({
    ...teamUsersQuery(scope, conditions, paging),
    placeholderData: keepPreviousData,
  });
  const rows = users.data?.list;
  const chart = useMemo(() => (rows?.length ? topOperatorsOption(rows, t) : null), [rows, t]);
  const columns = useMemo(
    () => [
      { title: t('operator'), dataIndex: 'nickname', key: 'nickname', fixed: 'start' as const, width: 140 },
      ...figureColumns<UserRow>(t, true),
    ],
    [t],
  );

  if (isForbidden(users.error)) return <ForbiddenState />;
  if (users.isError && !users.data) return <LoadFailed error={users.error} onRetry={() => users.refetch()} />;
  const firstPage = (change: () => void) => {
    change();
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <RangeBar value={range} onChange={(r) => firstPage(() => setRange(r))} testId="stat-users-range" />
            <ProjectSelect value={projectId} onChange={(id) => firstPage(() => setProjectId(id))} />
            <ExportButton scope={scope} kind="users" />
          </Space>
          <ConditionRows value={drafts} onChange={setDrafts} />
          <Space>
            <Button
              type="primary"
              onClick={() => firstPage(() => setConditions(toConditions(drafts)))}
              data-testid="stat-users-search"
            >
              {t('search')}
            </Button>
            <Button
              onClick={() =>
                firstPage(() => {
                  setDrafts([]);
                  setConditions([]);
                })
              }
            >
              {t('reset')}
            </Button>
          </Space>
        </Space>
      </Card>
      {chart && (
        <Card size="small" title={t('top_operators')}>
          <EChart option={chart} height={280} testId="stat-users-chart" />
        </Card>
      )}
      <Table<UserRow>
        rowKey="user_id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={users.isFetching}
        dataSource={rows}
        columns={columns}
        locale={{ emptyText: users.isLoading ? t('common:loading') : t('no_data') }}
        pagination={serverPagination(t, paging, users.data?.total, setPaging)}
        data-testid="stat-users-table"
      />
    </Space>
  );
}
