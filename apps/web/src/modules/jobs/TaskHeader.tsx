import type { TTaskDetail } from '@app/contracts';
import { Descriptions, Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { formatSeconds } from '../../shared/task-paths.ts';
import { COUNT_KEYS, StepTypeTag, TaskStatusTag } from './task-format.tsx';

/** A task's settings, people and job counts (top of the task detail). */
export function TaskHeader({ task }: { task: TTaskDetail }) {
  const { t } = useTranslation('jobs');
  const percent = task.counts.total ? Math.floor((task.counts.passed / task.counts.total) * 100) : 0;
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="task-detail-header">
        <Descriptions.Item label={t('project')}>{task.project_name}</Descriptions.Item>
        <Descriptions.Item label={t('step')}>
          <Space size={4}>
            <StepTypeTag type={task.step_type} />
            {task.step_name}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('batch')}>{task.batch_name}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <TaskStatusTag status={task.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('window')}>
          {formatTime(task.start_at)} ~ {formatTime(task.end_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('target')}>{t(`target_${task.target}`)}</Descriptions.Item>
        <Descriptions.Item label={t('claim_size')}>{task.claim_size}</Descriptions.Item>
        <Descriptions.Item label={t('lease_seconds')}>{formatSeconds(task.lease_seconds)}</Descriptions.Item>
        <Descriptions.Item label={t('review')}>{task.review ? t('yes') : t('no')}</Descriptions.Item>
        <Descriptions.Item label={t('people')} span={3}>
          {task.people.length === 0 ? (
            '—'
          ) : (
            <Space size={4} wrap>
              {task.people.map((p) => (
                <Tag key={`${p.kind}-${p.id}`} color={p.kind === 'group' ? 'geekblue' : undefined}>
                  {p.kind === 'group' ? `${t('group')}: ${p.name}` : p.name}
                </Tag>
              ))}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap size={[16, 8]} style={{ margin: '8px 0 16px' }} data-testid="task-detail-counts">
        {COUNT_KEYS.map((key) => (
          <span key={key}>
            {t(`count_${key}`)}: <strong>{task.counts[key]}</strong>
          </span>
        ))}
        <Progress size="small" aria-label={t('progress')} percent={percent} style={{ width: 200, margin: 0 }} />
      </Space>
    </>
  );
}
