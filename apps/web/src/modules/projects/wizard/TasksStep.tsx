import type { TProjectDetail, TTaskRow, TTaskTarget } from '@app/contracts';
import { SETUP_LIMITS, TASK_TARGETS } from '@app/contracts/procedures/projects-setup.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, InputNumber, Select, Skeleton, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { humanSeconds } from '../project-format.ts';
import { saveTasks, taskListQuery } from '../queries.ts';
import { StepFooter } from './StepFooter.tsx';
import type { StepProps } from './wizard-types.ts';

interface TaskDraft {
  key: string;
  step_id: number;
  batch_id: number;
  step_name: string;
  batch_name: string;
  claim_size: number | null;
  lease_seconds: number | null;
  start_at: Dayjs | null;
  end_at: Dayjs | null;
  target: TTaskTarget;
}
type Shared = Pick<TaskDraft, 'claim_size' | 'lease_seconds' | 'start_at' | 'end_at' | 'target'>;

export function useLeaseHint() {
  const { t } = useTranslation('projects');
  return (seconds: number | null | undefined) =>
    seconds ? humanSeconds(seconds, { d: t('unit_d'), h: t('unit_h'), min: t('unit_min'), s: t('unit_s') }) : '';
}

const draftOf = (row: TTaskRow): TaskDraft => ({
  key: `${row.step_id}-${row.batch_id}`,
  step_id: row.step_id,
  batch_id: row.batch_id,
  step_name: row.step_name,
  batch_name: row.batch_name,
  claim_size: row.claim_size,
  lease_seconds: row.lease_seconds,
  start_at: dayjs(row.start_at),
  end_at: dayjs(row.end_at),
  target: row.target,
});

const whole = (n: number | null, max: number) => n !== null && Number.isInteger(n) && n >= 1 && n <= max;

/** The problem of one task row, as the server would answer it (whole numbers of at least 1, times within the project), or null. */
function problemOf(row: TaskDraft, project: TProjectDetail, t: TFunction): string | null {
  if (!whole(row.claim_size, SETUP_LIMITS.claimSizeMax))
    return t('task_claim_rule', { max: SETUP_LIMITS.claimSizeMax });
  if (!whole(row.lease_seconds, SETUP_LIMITS.leaseSecondsMax)) {
    return t('task_lease_rule', { max: SETUP_LIMITS.leaseSecondsMax });
  }
  if (!row.start_at || !row.end_at) return t('task_window_required');
  if (row.start_at.isBefore(dayjs(project.start_at))) return t('task_start_before_project');
  if (row.end_at.isAfter(dayjs(project.end_at))) return t('task_end_after_project');
  if (!row.end_at.isAfter(row.start_at)) return t('validation:end_before_start');
  return null;
}

/** The wizard's task step: one task per step and batch with its claim size, lease, window and target. */
export function TasksStep(props: StepProps) {
  const tasks = useQuery(taskListQuery(props.project.id));
  if (tasks.isError && !tasks.data) return <LoadFailed error={tasks.error} onRetry={() => tasks.refetch()} />;
  // Editors start from what the server holds now, not from an older cached answer.
  if (!tasks.data || (tasks.isFetching && !tasks.isFetchedAfterMount)) return <Skeleton active />;
  return <TaskEditor {...props} rows={tasks.data.list} />;
}

function TaskEditor({ project, onNext, onBack, onDirty, rows }: StepProps & { rows: TTaskRow[] }) {
  const { t } = useTranslation(['projects', 'common', 'validation']);
  const lease = useLeaseHint();
  const [drafts, setDrafts] = useState<TaskDraft[]>(() => rows.map(draftOf));
  const [all, setAll] = useState<Shared>({
    claim_size: rows[0]?.claim_size ?? 10,
    lease_seconds: rows[0]?.lease_seconds ?? 3600,
    start_at: dayjs(project.start_at),
    end_at: dayjs(project.end_at),
    target: rows[0]?.target ?? 'team',
  });
  const save = useMutation({
    mutationFn: () =>
      saveTasks({
        project_id: project.id,
        tasks: drafts.map((d) => ({
          step_id: d.step_id,
          batch_id: d.batch_id,
          claim_size: d.claim_size ?? 0,
          lease_seconds: d.lease_seconds ?? 0,
          start_at: (d.start_at as Dayjs).toISOString(),
          end_at: (d.end_at as Dayjs).toISOString(),
          target: d.target,
        })),
      }),
    onSuccess: () => onNext(),
    onError: () => undefined,
  });
  const patch = (key: string, values: Partial<TaskDraft>) => {
    setDrafts(drafts.map((d) => (d.key === key ? { ...d, ...values } : d)));
    onDirty(true);
  };
  const outside = (day: Dayjs) =>
    day.isBefore(dayjs(project.start_at), 'day') || day.isAfter(dayjs(project.end_at), 'day');
  const picker = (value: Dayjs | null, onChange: (v: Dayjs | null) => void, testId?: string) => (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value}
      onChange={onChange}
      disabledDate={outside}
      allowClear={false}
      style={{ width: 170 }}
      data-testid={testId}
    />
  );
  const problems = drafts.map((d) => problemOf(d, project, t));
  const firstProblem = problems.findIndex(Boolean);

  if (!drafts.length) {
    return (
      <>
        <Alert type="warning" showIcon title={t('tasks_need_setup')} />
        <StepFooter onBack={onBack} onNext={() => undefined} disabled />
      </>
    );
  }

  return (
    <>
      <Card size="small" title={t('apply_to_all')} style={{ marginBottom: 16 }} data-testid="task-apply-all">
        <Space wrap>
          <span>{t('claim_size')}</span>
          <InputNumber
            aria-label={t('claim_size')}
            min={1}
            max={SETUP_LIMITS.claimSizeMax}
            precision={0}
            value={all.claim_size}
            onChange={(claim_size) => setAll({ ...all, claim_size })}
          />
          <span>{t('lease_seconds')}</span>
          <InputNumber
            aria-label={t('lease_seconds')}
            min={1}
            max={SETUP_LIMITS.leaseSecondsMax}
            precision={0}
            value={all.lease_seconds}
            onChange={(lease_seconds) => setAll({ ...all, lease_seconds })}
          />
          <Typography.Text type="secondary">{lease(all.lease_seconds)}</Typography.Text>
          {picker(all.start_at, (start_at) => setAll({ ...all, start_at }))}
          {picker(all.end_at, (end_at) => setAll({ ...all, end_at }))}
          <Select
            aria-label={t('target')}
            value={all.target}
            onChange={(target: TTaskTarget) => setAll({ ...all, target })}
            options={TASK_TARGETS.map((v) => ({ value: v, label: t(`target_${v}`) }))}
            style={{ width: 110 }}
          />
          <Button
            type="primary"
            ghost
            onClick={() => {
              setDrafts(drafts.map((d) => ({ ...d, ...all })));
              onDirty(true);
            }}
            data-testid="task-apply-all-button"
          >
            {t('apply_to_all_rows')}
          </Button>
        </Space>
      </Card>
      <Table<TaskDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={drafts}
        scroll={{ x: 1100 }}
        data-testid="task-table"
        columns={[
          { title: t('step'), dataIndex: 'step_name', width: 100 },
          { title: t('batch'), dataIndex: 'batch_name', width: 120 },
          {
            title: t('claim_size'),
            dataIndex: 'claim_size',
            width: 110,
            render: (v: number | null, row) => (
              <InputNumber
                aria-label={t('claim_size')}
                min={1}
                max={SETUP_LIMITS.claimSizeMax}
                precision={0}
                value={v}
                onChange={(claim_size) => patch(row.key, { claim_size })}
                style={{ width: 90 }}
              />
            ),
          },
          {
            title: t('lease_seconds'),
            dataIndex: 'lease_seconds',
            width: 180,
            render: (v: number | null, row) => (
              <Space size={4}>
                <InputNumber
                  aria-label={t('lease_seconds')}
                  min={1}
                  max={SETUP_LIMITS.leaseSecondsMax}
                  precision={0}
                  value={v}
                  onChange={(lease_seconds) => patch(row.key, { lease_seconds })}
                  style={{ width: 100 }}
                />
                <Typography.Text type="secondary">{lease(v)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('start_at'),
            dataIndex: 'start_at',
            width: 190,
            render: (v: Dayjs | null, row) => picker(v, (start_at) => patch(row.key, { start_at })),
          },
          {
            title: t('end_at'),
            dataIndex: 'end_at',
            width: 190,
            render: (v: Dayjs | null, row) => picker(v, (end_at) => patch(row.key, { end_at })),
          },
          {
            title: t('target'),
            dataIndex: 'target',
            width: 120,
            render: (v: TTaskTarget, row) => (
              <Select
                aria-label={t('target')}
                value={v}
                onChange={(target: TTaskTarget) => patch(row.key, { target })}
                options={TASK_TARGETS.map((x) => ({ value: x, label: t(`target_${x}`) }))}
                style={{ width: 100 }}
              />
            ),
          },
          {
            title: t('problem'),
            key: 'problem',
            width: 200,
            render: (_, __, i) => (problems[i] ? <Typography.Text type="danger">{problems[i]}</Typography.Text> : '—'),
          },
        ]}
      />
      {firstProblem >= 0 && (
        <Alert type="error" showIcon style={{ marginTop: 16 }} title={t('tasks_fix_rows')} data-testid="task-problem" />
      )}
      {save.error && (
        <Alert type="error" showIcon title={save.error.message} style={{ marginTop: 16 }} data-testid="task-error" />
      )}
      <StepFooter
        onBack={onBack}
        onNext={() => save.mutate()}
        loading={save.isPending}
        disabled={firstProblem >= 0}
        nextLabel={t('save_and_next')}
      />
    </>
  );
}
