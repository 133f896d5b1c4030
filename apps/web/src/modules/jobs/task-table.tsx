import type { TStepType } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { taskDetailPath } from '../../shared/task-paths.ts';
import { FIRST_PAGE } from './queries.ts';
import { StepTypeTag } from './task-format.tsx';

/** A task list's filter and paging; a new filter goes back to the first page. */
export function useTaskListState<F extends object>() {
  const [filter, setFilter] = useState<F>({} as F);
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const update = (next: F) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return { filter, update, paging, setPaging };
}

/** The project filter of the task lists. */
export function ProjectFilter({
  loading,
  projects,
  onChange,
  testId,
}: {
  loading: boolean;
  projects: readonly { id: number; name: string }[] | undefined;
  onChange: (project_id?: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('jobs');
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('filter_project')}
      aria-label={t('filter_project')}
      style={{ width: 200 }}
      loading={loading}
      onChange={onChange}
      options={(projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
      data-testid={testId}
    />
  );
}

interface TaskRowBase {
  id: number;
  step_type: TStepType;
  step_name: string;
  start_at: string;
  end_at: string;
}

const TASK_CELLS = {
  step: (row: TaskRowBase) => (
    <Space size={4}>
      <StepTypeTag type={row.step_type} />
      {row.step_name}
    </Space>
  ),
  window: (row: TaskRowBase) => (
    <div>
      <div>{formatTime(row.start_at)}</div>
      <div>~ {formatTime(row.end_at)}</div>
    </div>
  ),
};

/** The step (type tag and name) or time window column. */
export function taskColumn(t: (key: string) => string, key: keyof typeof TASK_CELLS, width: number) {
  return { title: t(key), key, width, render: (_: unknown, row: TaskRowBase) => TASK_CELLS[key](row) };
}

/** The link button to a task's detail page. */
export function TaskDetailLink({ id }: { id: number }) {
  const { t } = useTranslation('jobs');
  return (
    <Link to={taskDetailPath(id)}>
      <Button type="link" size="small" data-testid={`task-detail-link-${id}`}>
        {t('detail')}
      </Button>
    </Link>
  );
}

/** A server-paged task table, or the load failure in its place. */
export function TaskTable<Row extends { id: number }>({
  tasks,
  paging,
  setPaging,
  empty,
  scrollX,
  testId,
  columns,
}: {
  tasks: UseQueryResult<{ list: Row[]; total: number }>;
  paging: Paging;
  setPaging: (paging: Paging) => void;
  empty: string;
  scrollX: number;
  testId: string;
  columns: TableColumnsType<Row>;
}) {
  const { t } = useTranslation(['jobs', 'common']);
  if (tasks.isError && !tasks.data) return <LoadFailed error={tasks.error} onRetry={() => tasks.refetch()} />;
  return (
    <Table<Row>
      rowKey="id"
      loading={tasks.isFetching}
      dataSource={tasks.data?.list}
      scroll={{ x: scrollX }}
      data-testid={testId}
      locale={{ emptyText: tasks.isLoading ? t('common:loading') : <Empty description={empty} /> }}
      pagination={serverPagination(t, paging, tasks.data?.total, setPaging)}
      columns={columns}
    />
  );
}
