import type { TMyTaskRow, TStepType } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Segmented, Select, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { StepTypeFilter, StepTypeTag } from './task-format.tsx';
import { taskDetailPath } from './task-paths.ts';
import { FIRST_PAGE, useMyTaskProjects } from './task-queries.ts';
import { TASKS_KEY, useClaimAndOpen } from './use-claim.ts';

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
  const { t } = useTranslation(['tasks', 'common']);
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const projects = useMyTaskProjects();
  const tasks = useQuery({
    queryKey: [...TASKS_KEY, 'mine', subtab, filter, paging],
    queryFn: ({ signal }) => api('/task/tasks', { tab: subtab, ...filter, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const claim = useClaimAndOpen();
  const update = (next: Filter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
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
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter_project')}
          style={{ width: 200 }}
          loading={projects.isLoading}
          onChange={(project_id?: number) => update({ ...filter, project_id })}
          options={(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
          data-testid="my-task-project-filter"
        />
        <StepTypeFilter onChange={(step_type) => update({ ...filter, step_type })} testId="my-task-step-filter" />
      </Space>
      {tasks.isError && !tasks.data ? (
        <LoadFailed error={tasks.error} onRetry={() => tasks.refetch()} />
      ) : (
        <Table<TMyTaskRow>
          rowKey="id"
          loading={tasks.isFetching}
          dataSource={tasks.data?.list}
          scroll={{ x: 1400 }}
          data-testid="my-task-table"
          locale={{
            emptyText: tasks.isLoading ? (
              t('common:loading')
            ) : (
              <Empty description={filtered ? t('empty_filtered') : t(`my_empty_${subtab}`)} />
            ),
          }}
          pagination={serverPagination(t, paging, tasks.data?.total, setPaging)}
          columns={[
            { title: t('project'), dataIndex: 'project_name', width: 160 },
            { title: t('task'), dataIndex: 'name', width: 180 },
            {
              title: t('step'),
              key: 'step',
              width: 170,
              render: (_, row) => (
                <Space size={4}>
                  <StepTypeTag type={row.step_type} />
                  {row.step_name}
                </Space>
              ),
            },
            { title: t('batch'), dataIndex: 'batch_name', width: 130 },
            {
              title: t('window'),
              key: 'window',
              width: 170,
              render: (_, row) => (
                <div>
                  <div>{formatTime(row.start_at)}</div>
                  <div>~ {formatTime(row.end_at)}</div>
                </div>
              ),
            },
            { title: t('mine_in_progress'), dataIndex: ['mine', 'in_progress'], width: 90 },
            { title: t('mine_submitted'), dataIndex: ['mine', 'submitted'], width: 100 },
            { title: t('mine_passed'), dataIndex: ['mine', 'passed'], width: 80 },
            {
              title: t('mine_rejected'),
              dataIndex: ['mine', 'rejected'],
              width: 100,
              render: (n: number, row) =>
                n > 0 ? (
                  <Typography.Text type="danger" data-testid={`task-rework-${row.id}`}>
                    {n}
                  </Typography.Text>
                ) : (
                  n
                ),
            },
            { title: t('unclaimed'), dataIndex: 'unclaimed', width: 90 },
            {
              title: t('common:actions'),
              key: 'actions',
              fixed: 'right',
              width: 170,
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
                        onClick={() =>
                          claim.mutate({ taskId: row.id, inHand: row.mine.in_progress + row.mine.rejected })
                        }
                        data-testid={`task-start-${row.id}`}
                      >
                        {t('start')}
                      </Button>
                    </Tooltip>
                    <Link to={taskDetailPath(row.id)}>
                      <Button type="link" size="small" data-testid={`task-detail-link-${row.id}`}>
                        {t('detail')}
                      </Button>
                    </Link>
                  </Space>
                );
              },
            },
          ]}
        />
      )}
    </>
  );
}
