import type { TMyTaskRow, TStepType } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Segmented, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountList } from '../../shared/CountList.tsx';
import { myTaskProjectsQuery, myTasksQuery } from './queries.ts';
import { StepTypeFilter } from './task-format.tsx';
import { ProjectFilter, TaskDetailLink, TaskTable, taskColumn, useTaskListState } from './task-table.tsx';
import { useClaimAndOpen } from './use-claim.ts';

interface Filter {
  project_id?: number;
  step_type?: TStepType;
}

/** My tasks: the caller's tasks with their own job counts, "Start" (claim and open the job frame) and detail. */
export function MyTasksTab({
  subtab,
  onSubtab,
}: {
  subtab: 'doing' | 'finished';
  onSubtab: (subtab: 'doing' | 'finished') => void;
}) {
  const { t } = useTranslation(['jobs', 'common']);
  const { filter, update, paging, setPaging } = useTaskListState<Filter>();
  const projects = useQuery({ ...myTaskProjectsQuery(), staleTime: 60_000 });
  const tasks = useQuery({
    ...myTasksQuery(subtab, filter, paging),
    placeholderData: keepPreviousData,
  });
  const claim = useClaimAndOpen();
  const filtered = Boolean(filter.project_id || filter.step_type);

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={subtab}
          onChange={(value) => {
            setPaging((p) => ({ ...p, page: 1 }));
            onSubtab(value as 'doing' | 'finished');
          }}
          options={[
            { value: 'doing', label: t('subtab_doing') },
            { value: 'finished', label: t('subtab_finished') },
          ]}
          data-testid="my-task-subtabs"
        />
        <ProjectFilter
          loading={projects.isLoading}
          projects={projects.data?.projects}
          onChange={(project_id) => update({ ...filter, project_id })}
          testId="my-task-project-filter"
        />
        <StepTypeFilter onChange={(step_type) => update({ ...filter, step_type })} testId="my-task-step-filter" />
      </Space>
      <TaskTable<TMyTaskRow>
        tasks={tasks}
        paging={paging}
        setPaging={setPaging}
        empty={filtered ? t('empty_filtered') : t(`my_empty_${subtab}`)}
        scrollX={1110}
        testId="my-task-table"
        columns={[
          { title: t('project'), dataIndex: 'project_name', width: 130 },
          { title: t('task'), dataIndex: 'name', width: 150 },
          taskColumn(t, 'step', 150),
          { title: t('batch'), dataIndex: 'batch_name', width: 100 },
          taskColumn(t, 'window', 150),
          {
            title: t('my_jobs'),
            key: 'mine',
            width: 200,
            render: (_, row) => (
              <CountList
                items={(['in_progress', 'submitted', 'passed', 'rejected'] as const).map((key) => ({
                  key,
                  label: t(`mine_${key}`),
                  value: row.mine[key],
                  danger: key === 'rejected',
                  testId: key === 'rejected' && row.mine.rejected > 0 ? `task-rework-${row.id}` : undefined,
                }))}
              />
            ),
          },
          { title: t('unclaimed'), dataIndex: 'unclaimed', width: 90 },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 140,
            render: (_, row) => {
              const open = row.status === 'released';
              const busy = claim.isPending && claim.variables?.taskId === row.id;
              return (
                <Space size={0}>
                  <Tooltip title={open ? undefined : t('start_closed')}>
                    <Button
                      type="link"
                      size="small"
                      disabled={!open}
                      loading={busy}
                      onClick={() => claim.mutate({ taskId: row.id, inHand: row.mine.in_progress + row.mine.rejected })}
                      data-testid={`task-start-${row.id}`}
                    >
                      {t('start')}
                    </Button>
                  </Tooltip>
                  <TaskDetailLink id={row.id} />
                </Space>
              );
            },
          },
        ]}
      />
    </>
  );
}
