import type { TTeamTaskRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Progress, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountList } from '../../shared/CountList.tsx';
import { taskDetailPath } from '../../shared/task-paths.ts';
import { type TeamFilter, teamProjectsQuery, teamTasksQuery } from './queries.ts';
import { COUNT_KEYS, StepTypeFilter, type TaskStatus, TaskStatusTag } from './task-format.tsx';
import { ProjectFilter, TaskDetailLink, TaskTable, taskColumn, useTaskListState } from './task-table.tsx';

const TASK_STATUSES: TaskStatus[] = ['pending', 'released', 'paused', 'complete'];

/** Team tasks: every task of the organisation's projects with job counts and progress (passed / total). */
export function TeamTasksTab() {
  const { t } = useTranslation(['jobs', 'common']);
  const { filter, update, paging, setPaging } = useTaskListState<TeamFilter>();
  const tasks = useQuery({ ...teamTasksQuery(filter, paging), placeholderData: keepPreviousData, retry: false });
  const projects = useQuery({
    ...teamProjectsQuery(),
    staleTime: 60_000,
    retry: false,
  });
  const filtered = Boolean(filter.project_id || filter.status || filter.step_type);

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {!projects.isError && (
          <ProjectFilter
            loading={projects.isLoading}
            projects={projects.data?.list}
            onChange={(project_id) => update({ ...filter, project_id })}
            testId="team-task-project-filter"
          />
        )}
        <Select
          allowClear
          placeholder={t('filter_status')}
          aria-label={t('filter_status')}
          style={{ width: 150 }}
          onChange={(status?: TaskStatus) => update({ ...filter, status })}
          options={TASK_STATUSES.map((s) => ({ value: s, label: t(`task_status_${s}`) }))}
          data-testid="team-task-status-filter"
        />
        <StepTypeFilter onChange={(step_type) => update({ ...filter, step_type })} testId="team-task-step-filter" />
      </Space>
      <TaskTable<TTeamTaskRow>
        tasks={tasks}
        paging={paging}
        setPaging={setPaging}
        empty={filtered ? t('empty_filtered') : t('team_empty')}
        scrollX={1130}
        testId="team-task-table"
        columns={[
          { title: t('project'), dataIndex: 'project_name', width: 120 },
          {
            title: t('task'),
            dataIndex: 'name',
            width: 140,
            render: (name: string, row) => <Link to={taskDetailPath(row.id)}>{name}</Link>,
          },
          taskColumn(t, 'step', 140),
          { title: t('batch'), dataIndex: 'batch_name', width: 100 },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 90,
            render: (status: TaskStatus) => <TaskStatusTag status={status} />,
          },
          taskColumn(t, 'window', 150),
          { title: t('people_count'), dataIndex: 'people_count', width: 80 },
          {
            title: t('jobs'),
            key: 'progress',
            width: 220,
            render: (_, row) => (
              <>
                <Progress
                  size="small"
                  aria-label={t('progress')}
                  percent={row.counts.total ? Math.floor((row.counts.passed / row.counts.total) * 100) : 0}
                />
                <CountList
                  items={COUNT_KEYS.map((key) => ({
                    key,
                    label: t(`count_${key}`),
                    value: row.counts[key],
                    danger: key === 'rejected' || key === 'expired',
                  }))}
                />
              </>
            ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 90,
            render: (_, row) => <TaskDetailLink id={row.id} />,
          },
        ]}
      />
    </>
  );
}
