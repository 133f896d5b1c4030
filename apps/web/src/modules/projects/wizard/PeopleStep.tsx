import type { TStepRow, TTaskRow } from '@app/contracts';
import { stepWork } from '@app/contracts/step-work.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Select, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { projectFormQuery, saveTaskPeople, stepListQuery, taskListQuery } from '../queries.ts';
import { choiceOf, type PeopleChoice, PeopleFields, PeopleHint } from '../task-people.tsx';
import { StepFooter } from './StepFooter.tsx';
import { selfReviews } from './self-review.ts';
import type { StepProps } from './wizard-types.ts';

/** The wizard's people step: members and team groups per task, or copied to every task of one step at once. */
export function PeopleStep(props: StepProps) {
  const tasks = useQuery(taskListQuery(props.project.id));
  const steps = useQuery(stepListQuery(props.project.id));
  const failed = (tasks.isError && !tasks.data) || (steps.isError && !steps.data);
  if (failed) {
    return <LoadFailed error={tasks.error ?? steps.error} onRetry={() => [tasks.refetch(), steps.refetch()]} />;
  }
  // Editors start from what the server holds now, not from an older cached answer.
  if (!tasks.data || !steps.data || (tasks.isFetching && !tasks.isFetchedAfterMount)) return <Skeleton active />;
  return <PeopleEditor {...props} rows={tasks.data.list.filter((row) => row.id !== null)} steps={steps.data.list} />;
}

const EMPTY: PeopleChoice = { user_ids: [], group_ids: [] };

function PeopleEditor({
  project,
  onNext,
  onBack,
  onDirty,
  rows,
  steps,
}: StepProps & { rows: TTaskRow[]; steps: TStepRow[] }) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const form = useQuery(projectFormQuery());
  const [choices, setChoices] = useState<Record<number, PeopleChoice>>(() =>
    Object.fromEntries(rows.map((row) => [row.id as number, choiceOf(row)])),
  );
  const stepsWithTasks = steps.filter((step) => rows.some((row) => row.step_id === step.id));
  const [bulkStep, setBulkStep] = useState<number | undefined>(stepsWithTasks[0]?.id);
  const [bulk, setBulk] = useState<PeopleChoice>(EMPTY);
  const bulkRow = stepsWithTasks.find((step) => step.id === bulkStep);
  const bulkTasks = rows.filter((row) => row.step_id === bulkStep);
  const save = useMutation({
    mutationFn: () =>
      saveTaskPeople({
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
  const copyToStep = () => {
    set({ ...choices, ...Object.fromEntries(bulkTasks.map((row) => [row.id as number, bulk])) });
    void message.success(t('people_copied', { count: bulkTasks.length, step: bulkRow?.name }));
    setBulk(EMPTY);
  };
  const empty = rows.filter((row) => {
    const c = choices[row.id as number];
    return !c || (c.user_ids.length === 0 && c.group_ids.length === 0);
  });
  const names = (ids: number[], groupIds: number[]) =>
    [
      ...ids.map((id) => form.data?.members.find((m) => m.id === id)?.nickname ?? `#${id}`),
      ...groupIds.map((id) => form.data?.groups.find((g) => g.id === id)?.name ?? `#${id}`),
    ].join(', ');
  const conflicts = selfReviews(rows, steps, choices);

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
      <Alert
        type="info"
        showIcon
        title={t('people_fit_hint')}
        style={{ marginBottom: 16 }}
        data-testid="people-fit-hint"
      />
      <Card size="small" title={t('people_bulk')} style={{ marginBottom: 16 }}>
        <Space wrap align="start">
          <Select
            aria-label={t('step')}
            value={bulkStep}
            onChange={(id: number) => {
              setBulkStep(id);
              // People chosen for one step never travel to another.
              setBulk(EMPTY);
            }}
            options={stepsWithTasks.map((step) => ({ value: step.id, label: step.name }))}
            style={{ width: 140 }}
            data-testid="people-bulk-step"
          />
          {bulkRow && (
            <PeopleFields value={bulk} onChange={setBulk} work={stepWork(bulkRow.type)} testId="people-bulk" />
          )}
          <Button
            type="primary"
            ghost
            disabled={!bulkRow || (bulk.user_ids.length === 0 && bulk.group_ids.length === 0)}
            onClick={copyToStep}
            data-testid="people-bulk-apply"
          >
            {t('people_apply_step', { count: bulkTasks.length, step: bulkRow?.name ?? '' })}
          </Button>
        </Space>
        {bulkRow && <PeopleHint work={stepWork(bulkRow.type)} />}
      </Card>
      <Table<TTaskRow>
        rowKey={(row) => row.id as number}
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="people-table"
        columns={[
          { title: t('task'), dataIndex: 'name', width: 200 },
          {
            title: t('step'),
            dataIndex: 'step_name',
            width: 130,
            render: (name: string, row) => (
              <Space size={4}>
                {name}
                <Tag>{t(`step_type_${row.step_type}`)}</Tag>
              </Space>
            ),
          },
          { title: t('batch'), dataIndex: 'batch_name', width: 120 },
          { title: t('target'), dataIndex: 'target', width: 90, render: (v: string) => <Tag>{t(`target_${v}`)}</Tag> },
          {
            title: t('people'),
            key: 'people',
            render: (_, row, i) => (
              <PeopleFields
                value={choices[row.id as number] ?? EMPTY}
                onChange={(value) => set({ ...choices, [row.id as number]: value })}
                work={stepWork(row.step_type)}
                testId={`people-row-${i}`}
              />
            ),
          },
        ]}
      />
      {conflicts.map((c) => (
        <Alert
          key={`${c.batch}-${c.reviewStep}`}
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={t('people_self_review', {
            names: names(c.userIds, c.groupIds),
            batch: c.batch,
            execute: c.executeStep,
            review: c.reviewStep,
          })}
          data-testid="people-self-review"
        />
      ))}
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
