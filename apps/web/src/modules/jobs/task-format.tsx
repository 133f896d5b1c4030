import type { TJobStatus, TStepType } from '@app/contracts';
import { STEP_TYPES } from '@app/contracts/procedures/projects-setup.ts';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';

export type TaskStatus = 'pending' | 'released' | 'paused' | 'complete';

const STEP_COLORS: Record<TStepType, string> = { execute: 'blue', audit: 'orange', qc: 'purple', acceptance: 'green' };
const TASK_COLORS: Record<TaskStatus, string | undefined> = {
  pending: undefined,
  released: 'processing',
  paused: 'warning',
  complete: 'success',
};
const JOB_COLORS: Record<TJobStatus, string | undefined> = {
  unclaimed: undefined,
  in_progress: 'processing',
  submitted: 'cyan',
  passed: 'success',
  rejected: 'error',
  pending: 'warning',
  expired: undefined,
};

export function StepTypeTag({ type }: { type: TStepType }) {
  const { t } = useTranslation('jobs');
  return <Tag color={STEP_COLORS[type]}>{t(`step_type_${type}`)}</Tag>;
}

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('jobs');
  return <Tag color={TASK_COLORS[status]}>{t(`task_status_${status}`)}</Tag>;
}

export function JobStatusTag({ status }: { status: TJobStatus }) {
  const { t } = useTranslation('jobs');
  return <Tag color={JOB_COLORS[status]}>{t(`job_status_${status}`)}</Tag>;
}

export const errorCode = (error: unknown): string | null => (error instanceof ApiError ? error.code : null);

/** The job counts a task shows, in the order of the job statuses (contracts' JOB_STATUSES) after the total. */
export const COUNT_KEYS = [
  'total',
  'unclaimed',
  'in_progress',
  'submitted',
  'passed',
  'rejected',
  'pending',
  'expired',
] as const;

/** The step-type filter of the task lists. */
export function StepTypeFilter({ onChange, testId }: { onChange: (type?: TStepType) => void; testId: string }) {
  const { t } = useTranslation('jobs');
  return (
    <Select
      allowClear
      placeholder={t('filter_step_type')}
      aria-label={t('filter_step_type')}
      style={{ width: 160 }}
      onChange={onChange}
      options={STEP_TYPES.map((type) => ({ value: type, label: t(`step_type_${type}`) }))}
      data-testid={testId}
    />
  );
}
