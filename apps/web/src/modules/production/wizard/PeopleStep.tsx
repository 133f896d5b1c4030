import type { TTaskRow } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api.ts';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { choiceOf, type PeopleChoice, PeopleFields } from '../task-people.tsx';
import { StepFooter } from './StepFooter.tsx';
import { useTasks } from './TasksStep.tsx';
import type { StepProps } from './wizard-types.ts';

/** The wizard's people step: members and team groups per task, or for every task of a step at once. */
export function PeopleStep(props: StepProps) {
  const tasks = useTasks(props.project.id);
  if (tasks.isError && !tasks.data) return <LoadFailed error={tasks.error} onRetry={() => tasks.refetch()} />;
  // Editors start from what the server holds now, not from an older cached answer.
  if (!tasks.data || (tasks.isFetching && !tasks.isFetchedAfterMount)) return <Skeleton active />;
  return <PeopleEditor {...props} rows={tasks.data.list.filter((row) => row.id !== null)} />;
}

function PeopleEditor({ project, onNext, onBack, onDirty, rows }: StepProps & { rows: TTaskRow[] }) {
  const { t } = useTranslation('production');
  const [choices, setChoices] = useState<Record<number, PeopleChoice>>(() =>
    Object.fromEntries(rows.map((row) => [row.id as number, choiceOf(row)])),
  );
  const steps = [...new Map(rows.map((row) => [row.step_id, row.step_name])).entries()];
  const [bulkStep, setBulkStep] = useState<number | undefined>(steps[0]?.[0]);
  const [bulk, setBulk] = useState<PeopleChoice>({ user_ids: [], group_ids: [] });
  const save = useMutation({
    mutationFn: () =>
      api('/project/people-save', {
        project_id: project.id,
        tasks: rows.map((row) => ({ task_id: row.id as number, ...(choices[row.id as number] as PeopleChoice) })),
      }),
    onSuccess: () => onNext(),
    onError: () => undefined,
  });
  const set = (next: Record<number, PeopleChoice>) => {
    setChoices(next);
    onDirty(true);
  };
  const empty = rows.filter((row) => {
    const c = choices[row.id as number];
    return !c || (c.user_ids.length === 0 && c.group_ids.length === 0);
  });

  if (!rows.length) {
    return (
      <>
        <Alert type="warning" showIcon title={t('people_need_tasks')} />
        <StepFooter onBack={onBack} onNext={() => undefined} disabled />
      </>
    );
  }

  return (
    <>
      <Card size="small" title={t('people_bulk')} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Select
            value={bulkStep}
            onChange={setBulkStep}
            options={steps.map(([id, name]) => ({ value: id, label: name }))}
            style={{ width: 140 }}
            data-testid="people-bulk-step"
          />
          <PeopleFields value={bulk} onChange={setBulk} testId="people-bulk" />
          <Button
            type="primary"
            ghost
            disabled={bulkStep === undefined}
            onClick={() =>
              set({
                ...choices,
                ...Object.fromEntries(rows.filter((r) => r.step_id === bulkStep).map((r) => [r.id as number, bulk])),
              })
            }
            data-testid="people-bulk-apply"
          >
            {t('people_apply_step')}
          </Button>
        </Space>
      </Card>
      <Table<TTaskRow>
        rowKey={(row) => row.id as number}
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="people-table"
        columns={[
          { title: t('task'), dataIndex: 'name', width: 200 },
          { title: t('step'), dataIndex: 'step_name', width: 100 },
          { title: t('batch'), dataIndex: 'batch_name', width: 120 },
          { title: t('target'), dataIndex: 'target', width: 90, render: (v: string) => <Tag>{t(`target_${v}`)}</Tag> },
          {
            title: t('people'),
            key: 'people',
            render: (_, row, i) => (
              <PeopleFields
                value={choices[row.id as number] ?? { user_ids: [], group_ids: [] }}
                onChange={(value) => set({ ...choices, [row.id as number]: value })}
                testId={`people-row-${i}`}
              />
            ),
          },
        ]}
      />
      {empty.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={t('people_empty_tasks', { count: empty.length })}
          data-testid="people-warning"
        />
      )}
      {save.error && (
        <Alert type="error" showIcon title={save.error.message} style={{ marginTop: 16 }} data-testid="people-error" />
      )}
      <StepFooter onBack={onBack} onNext={() => save.mutate()} loading={save.isPending} nextLabel={t('finish_setup')} />
    </>
  );
}
