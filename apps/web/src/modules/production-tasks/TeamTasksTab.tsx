import type { TTeamTaskRow } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Progress, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { COUNT_KEYS, StepTypeFilter, StepTypeTag, type TaskStatus, TaskStatusTag } from './task-format.tsx';
import { taskDetailPath } from './task-paths.ts';
import { FIRST_PAGE, type TeamFilter, useTeamTasks } from './task-queries.ts';
import { TASKS_KEY } from './use-claim.ts';

const TASK_STATUSES: TaskStatus[] = ['pending', 'released', 'paused', 'complete'];

/** Team tasks: every task of the organisation's projects with job counts and progress (passed / total). */
export function TeamTasksTab() {
  const { t } = useTranslation(['tasks', 'common']);
  const [filter, setFilter] = useState<TeamFilter>({});
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const tasks = useTeamTasks(filter, paging);
  const projects = useQuery({
    queryKey: [...TASKS_KEY, 'team-projects'],
    queryFn: ({ signal }) => api('/project/list', { page: 1, pageSize: 100 }, { signal }),
    staleTime: 60_000,
    retry: false,
  });
  const update = (next: TeamFilter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const filtered = Boolean(filter.project_id || filter.status || filter.step_type);

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {!projects.isError && (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filter_project')}
            style={{ width: 200 }}
            loading={projects.isLoading}
            onChange={(project_id?: number) => update({ ...filter, project_id })}
            options={(projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="team-task-project-filter"
          />
        )}
        <Select
          allowClear
          placeholder={t('filter_status')}
          style={{ width: 150 }}
          onChange={(status?: TaskStatus) => update({ ...filter, status })}
          options={TASK_STATUSES.map((s) => ({ value: s, label: t(`task_status_${s}`) }))}
          data-testid="team-task-status-filter"
        />
        <StepTypeFilter onChange={(step_type) => update({ ...filter, step_type })} testId="team-task-step-filter" />
      </Space>
      {tasks.isError && !tasks.data ? (
        <LoadFailed error={tasks.error} onRetry={() => tasks.refetch()} />
      ) : (
        <Table<TTeamTaskRow>
          rowKey="id"
          loading={tasks.isFetching}
          dataSource={tasks.data?.list}
          scroll={{ x: 1700 }}
          data-testid="team-task-table"
          locale={{
            emptyText: tasks.isLoading ? (
              t('common:loading')
            ) : (
              <Empty description={filtered ? t('empty_filtered') : t('team_empty')} />
            ),
          }}
          pagination={serverPagination(t, paging, tasks.data?.total, setPaging)}
          columns={[
            { title: t('project'), dataIndex: 'project_name', width: 150 },
            {
              title: t('task'),
              dataIndex: 'name',
              width: 170,
              render: (name: string, row) => <Link to={taskDetailPath(row.id)}>{name}</Link>,
            },
            {
              title: t('step'),
              key: 'step',
              width: 160,
              render: (_, row) => (
                <Space size={4}>
                  <StepTypeTag type={row.step_type} />
                  {row.step_name}
                </Space>
              ),
            },
            { title: t('batch'), dataIndex: 'batch_name', width: 120 },
            {
              title: t('status'),
              dataIndex: 'status',
              width: 100,
              render: (status: TaskStatus) => <TaskStatusTag status={status} />,
            },
            {
              title: t('window'),
              key: 'window',
              width: 160,
              render: (_, row) => (
                <div>
                  <div>{formatTime(row.start_at)}</div>
                  <div>~ {formatTime(row.end_at)}</div>
                </div>
              ),
            },
            { title: t('people_count'), dataIndex: 'people_count', width: 80 },
            ...COUNT_KEYS.map((key) => ({
              title: t(`count_${key}`),
              key,
              width: 80,
              render: (_: unknown, row: TTeamTaskRow) => row.counts[key],
            })),
            {
              title: t('progress'),
              key: 'progress',
              width: 150,
              render: (_, row) => (
                <Progress
                  size="small"
                  percent={row.counts.total ? Math.floor((row.counts.passed / row.counts.total) * 100) : 0}
                />
              ),
            },
            {
              title: t('common:actions'),
              key: 'actions',
              fixed: 'right',
              width: 90,
              render: (_, row) => (
                <Link to={taskDetailPath(row.id)}>
                  <Button type="link" size="small" data-testid={`task-detail-link-${row.id}`}>
                    {t('detail')}
                  </Button>
                </Link>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
