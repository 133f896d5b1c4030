import type { TJobFilter, TJobRow, TJobStatus, TTaskDetail } from '@app/contracts';
import { JOB_STATUSES } from '@app/contracts/procedures/jobs.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { formatSeconds } from '../../shared/task-paths.ts';
import { JobBatchActions } from './JobBatchActions.tsx';
import { FIRST_PAGE, jobsQuery } from './queries.ts';
import { SetOperatorModal } from './SetOperatorModal.tsx';
import { JobStatusTag } from './task-format.tsx';

type Extra = Pick<TJobFilter, 'operator_id' | 'keyword' | 'from' | 'to'>;

const person = (p: { nickname: string } | null) => p?.nickname ?? '—';

/** The jobs of a task with filters, row selection, batch actions, operators and the export. */
export function JobsTab({
  task,
  status,
  onStatus,
}: {
  task: TTaskDetail;
  status: string;
  onStatus: (status: string) => void;
}) {
  const { t } = useTranslation(['jobs', 'common']);
  const [extra, setExtra] = useState<Extra>({});
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState<number[] | null>(null);
  const jobStatus = (JOB_STATUSES as readonly string[]).includes(status) ? (status as TJobStatus) : undefined;
  const filter: TJobFilter = {
    task_id: task.id,
    step_id: task.step_id,
    batch_id: task.batch_id,
    status: jobStatus,
    ...extra,
  };
  const jobs = useQuery({
    ...jobsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const update = (next: Extra) => {
    setExtra(next);
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };
  const filtered = Boolean(jobStatus || extra.operator_id || extra.keyword || extra.from);

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          value={jobStatus ?? 'all'}
          style={{ width: 150 }}
          onChange={(value: string) => {
            setPaging((p) => ({ ...p, page: 1 }));
            setSelected([]);
            onStatus(value);
          }}
          options={[
            { value: 'all', label: t('job_status_all') },
            ...JOB_STATUSES.map((s) => ({ value: s, label: t(`job_status_${s}`) })),
          ]}
          aria-label={t('status')}
          data-testid="job-status-filter"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('operator')}
          aria-label={t('operator')}
          style={{ width: 160 }}
          onChange={(operator_id?: number) => update({ ...extra, operator_id })}
          options={task.operators.map((o) => ({ value: o.id, label: o.nickname }))}
          data-testid="job-operator-filter"
        />
        <Input.Search
          allowClear
          placeholder={t('item_keyword')}
          style={{ width: 200 }}
          maxLength={100}
          onSearch={(keyword) => update({ ...extra, keyword: keyword.trim() || undefined })}
          data-testid="job-keyword"
        />
        <DatePicker.RangePicker
          placeholder={[t('changed_from'), t('changed_to')]}
          onChange={(range) => {
            const [from, to] = (range ?? []) as (Dayjs | null)[];
            update({
              ...extra,
              from: from?.startOf('day').toISOString(),
              to: to?.endOf('day').toISOString(),
            });
          }}
        />
        <Tag>
          {t('batch')}: {task.batch_name}
        </Tag>
        <Tag>
          {t('step')}: {task.step_name}
        </Tag>
      </Space>
      <JobBatchActions
        task={task}
        selected={selected}
        filter={filter}
        total={jobs.data?.total ?? 0}
        onDone={() => setSelected([])}
        onAssign={() => setAssigning(selected)}
      />
      {jobs.isError && !jobs.data ? (
        <LoadFailed error={jobs.error} onRetry={() => jobs.refetch()} />
      ) : (
        <Table<TJobRow>
          rowKey="id"
          loading={jobs.isFetching}
          dataSource={jobs.data?.list}
          scroll={{ x: 1900 }}
          data-testid="job-table"
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys as number[]),
          }}
          locale={{
            emptyText: jobs.isLoading ? (
              t('common:loading')
            ) : (
              <Empty description={filtered ? t('empty_filtered') : t('jobs_empty')} />
            ),
          }}
          pagination={serverPagination(t, paging, jobs.data?.total, setPaging)}
          columns={[
            { title: t('job_id'), dataIndex: 'id', width: 80 },
            {
              title: t('item'),
              key: 'item',
              width: 180,
              render: (_, row) => `#${row.seq} ${row.item_name}`,
            },
            {
              title: t('status'),
              key: 'status',
              width: 150,
              render: (_, row) => (
                <Space size={2}>
                  <JobStatusTag status={row.status} />
                  {row.decision && <Tag>{t(`decision_${row.decision}`)}</Tag>}
                  {row.expire_reason && <Tag>{t(`expire_reason_${row.expire_reason}`)}</Tag>}
                </Space>
              ),
            },
            { title: t('operator'), key: 'operator', width: 110, render: (_, row) => person(row.operator) },
            {
              title: t('subject_operator'),
              key: 'subject_operator',
              width: 110,
              render: (_, row) => person(row.subject_operator),
            },
            { title: t('reviewer'), key: 'reviewer', width: 110, render: (_, row) => person(row.reviewer) },
            { title: t('claimed_at'), dataIndex: 'claimed_at', width: 150, render: formatTime },
            { title: t('lease_ends_at'), dataIndex: 'lease_ends_at', width: 150, render: formatTime },
            { title: t('submitted_at'), dataIndex: 'submitted_at', width: 150, render: formatTime },
            { title: t('reviewed_at'), dataIndex: 'reviewed_at', width: 150, render: formatTime },
            {
              title: t('work_seconds'),
              dataIndex: 'work_seconds',
              width: 100,
              render: (s: number) => formatSeconds(s),
            },
            {
              title: t('reason'),
              dataIndex: 'reason',
              width: 200,
              render: (reason: string | null) =>
                reason ? <Typography.Text ellipsis={{ tooltip: reason }}>{reason}</Typography.Text> : '—',
            },
            { title: t('updated_at'), dataIndex: 'updated_at', width: 150, render: formatTime },
            {
              title: t('common:actions'),
              key: 'actions',
              fixed: 'right',
              width: 120,
              render: (_, row) =>
                ['unclaimed', 'in_progress'].includes(row.status) && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setAssigning([row.id])}
                    data-testid={`job-set-operator-${row.id}`}
                  >
                    {t('set_operator')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      <SetOperatorModal
        task={task}
        jobIds={assigning}
        onClose={(done) => {
          setAssigning(null);
          if (done) setSelected([]);
        }}
      />
    </>
  );
}
