import { EditOutlined } from '@ant-design/icons';
import type { TProjectDetail, TStepRow, TTaskRow } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format.ts';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { batchListQuery, stepListQuery, taskListQuery } from '../queries.ts';
import { PeopleModal } from '../task-people.tsx';
import { BatchTable } from '../wizard/BatchesStep.tsx';
import { useLeaseHint } from '../wizard/TasksStep.tsx';

export function BatchesTab({ project }: { project: TProjectDetail }) {
  const { t } = useTranslation('projects');
  const batches = useQuery(batchListQuery(project.id));
  if (batches.isError && !batches.data) return <LoadFailed error={batches.error} onRetry={() => batches.refetch()} />;
  if (!batches.data) return <Skeleton active />;
  if (!batches.data.list.length) return <Empty description={t('no_batches')} />;
  return <BatchTable list={batches.data.list} />;
}

export function ProcedureTab({ project }: { project: TProjectDetail }) {
  const { t } = useTranslation('projects');
  const steps = useQuery(stepListQuery(project.id));
  if (steps.isError && !steps.data) return <LoadFailed error={steps.error} onRetry={() => steps.refetch()} />;
  if (!steps.data) return <Skeleton active />;
  const byId = new Map(steps.data.list.map((s) => [s.id, s.name]));
  return (
    <Table<TStepRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={steps.data.list}
      locale={{ emptyText: t('no_steps') }}
      data-testid="step-table"
      columns={[
        { title: t('seq'), dataIndex: 'seq', width: 70 },
        { title: t('step_name'), dataIndex: 'name', width: 120 },
        {
          title: t('step_type'),
          dataIndex: 'type',
          width: 100,
          render: (type: TStepRow['type']) => (
            <Tag color={type === 'execute' ? 'blue' : 'orange'}>{t(`step_type_${type}`)}</Tag>
          ),
        },
        { title: t('template'), dataIndex: 'template_name', render: (v: string | null) => v ?? '—' },
        {
          title: t('step_parent'),
          dataIndex: 'parent_step_id',
          width: 120,
          render: (id: number | null) => (id ? (byId.get(id) ?? id) : '—'),
        },
        {
          title: t('step_config'),
          key: 'config',
          render: (_, row) =>
            row.type === 'execute'
              ? '—'
              : [
                  t(`review_order_${row.config.review_order}`),
                  row.config.review_random ? t('review_random') : null,
                  row.type === 'qc' ? `${t('qc_ratio')} ${row.config.qc_ratio}%` : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
        },
      ]}
    />
  );
}

/** The tasks with their people; people can change at any time through the people modal. */
export function PersonnelTab({ project }: { project: TProjectDetail }) {
  const { t } = useTranslation('projects');
  const lease = useLeaseHint();
  const tasks = useQuery(taskListQuery(project.id));
  const [editing, setEditing] = useState<TTaskRow | null>(null);
  if (tasks.isError && !tasks.data) return <LoadFailed error={tasks.error} onRetry={() => tasks.refetch()} />;
  if (!tasks.data) return <Skeleton active />;
  const saved = tasks.data.list.filter((row) => row.id !== null);
  const editable = project.status !== 'complete' && project.status !== 'deleted';
  return (
    <>
      <Table<TTaskRow>
        rowKey={(row) => row.id as number}
        size="small"
        pagination={false}
        dataSource={saved}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('no_tasks') }}
        data-testid="personnel-table"
        columns={[
          { title: t('task'), dataIndex: 'name', width: 180 },
          { title: t('target'), dataIndex: 'target', width: 90, render: (v: string) => <Tag>{t(`target_${v}`)}</Tag> },
          { title: t('claim_size'), dataIndex: 'claim_size', width: 90 },
          { title: t('lease_seconds'), dataIndex: 'lease_seconds', width: 110, render: (v: number) => lease(v) },
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
          {
            title: t('people'),
            key: 'people',
            render: (_, row) =>
              row.users.length || row.groups.length ? (
                <>
                  {row.users.map((u) => (
                    <Tag key={`u${u.id}`}>{u.nickname}</Tag>
                  ))}
                  {row.groups.map((g) => (
                    <Tag key={`g${g.id}`} color="blue">
                      {t('group_label', { name: g.name, count: g.member_count })}
                    </Tag>
                  ))}
                </>
              ) : (
                <Tag color="warning">{t('no_people')}</Tag>
              ),
          },
          { title: t('people_count'), dataIndex: 'people_count', width: 90 },
          {
            title: '',
            key: 'edit',
            width: 90,
            fixed: 'right',
            render: (_, row) =>
              editable && (
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
                  {t('edit_people')}
                </Button>
              ),
          },
        ]}
      />
      {editing && <PeopleModal projectId={project.id} task={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
