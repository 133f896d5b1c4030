import type { TTaskRow } from '@app/contracts';
import { stepWork, type TStepWork } from '@app/contracts/step-work.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECTS_KEY, projectFormQuery, saveTaskPeople } from './queries.ts';

export interface PeopleChoice {
  user_ids: number[];
  group_ids: number[];
}

export const choiceOf = (task: TTaskRow): PeopleChoice => ({
  user_ids: task.users.map((u) => u.id),
  group_ids: task.groups.map((g) => g.id),
});

/**
 * The two multi-selects of a task's people: the members of the organisation who can do the step's `work` (one of
 * their roles here holds its keys, `/project/form`) and the team groups.
 */
export function PeopleFields({
  value,
  onChange,
  work,
  testId,
}: {
  value: PeopleChoice;
  onChange: (value: PeopleChoice) => void;
  work: TStepWork;
  testId?: string;
}) {
  const { t } = useTranslation('projects');
  const options = useQuery(projectFormQuery());
  const fitting = (options.data?.members ?? []).filter((m) => m.work.includes(work));
  // Someone chosen earlier who cannot work the step (any more) stays visible, marked, so it can be taken away.
  const unfit = (options.data?.leaders ?? []).filter(
    (m) => value.user_ids.includes(m.id) && !fitting.some((f) => f.id === m.id),
  );
  return (
    <Space wrap>
      <Select
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('people_members')}
        aria-label={t('people_members')}
        loading={options.isLoading}
        value={value.user_ids}
        onChange={(user_ids: number[]) => onChange({ ...value, user_ids })}
        options={[
          ...fitting.map((m) => ({ value: m.id, label: `${m.nickname} (${m.username})` })),
          ...unfit.map((m) => ({ value: m.id, label: t('people_unfit', { name: `${m.nickname} (${m.username})` }) })),
        ]}
        notFoundContent={t('people_none_fit')}
        style={{ minWidth: 260, maxWidth: 420 }}
        maxTagCount="responsive"
        data-testid={testId && `${testId}-users`}
      />
      <Select
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('people_groups')}
        aria-label={t('people_groups')}
        loading={options.isLoading}
        value={value.group_ids}
        onChange={(group_ids: number[]) => onChange({ ...value, group_ids })}
        options={(options.data?.groups ?? []).map((g) => ({
          value: g.id,
          label: t('group_label', { name: g.name, count: g.member_count }),
        }))}
        style={{ minWidth: 220, maxWidth: 360 }}
        maxTagCount="responsive"
        data-testid={testId && `${testId}-groups`}
      />
    </Space>
  );
}

/** Changes one task's people (the detail's personnel tab): `/project/people-save` with that task only. */
export function PeopleModal({ projectId, task, onClose }: { projectId: number; task: TTaskRow; onClose: () => void }) {
  const { t } = useTranslation(['projects', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<PeopleChoice>(choiceOf(task));
  const save = useMutation({
    mutationFn: () => saveTaskPeople({ project_id: projectId, tasks: [{ task_id: task.id ?? 0, ...value }] }),
    onSuccess: async () => {
      void message.success(t('people_saved'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
    },
    onError: () => undefined,
  });
  return (
    <Modal
      open
      title={t('people_title', { task: task.name })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending, ...{ 'data-testid': 'people-modal-save' } }}
      width={720}
    >
      <PeopleFields value={value} onChange={setValue} work={stepWork(task.step_type)} testId="people-modal" />
      <PeopleHint work={stepWork(task.step_type)} />
      {save.error && <Alert type="error" showIcon title={save.error.message} style={{ marginTop: 16 }} />}
    </Modal>
  );
}

/** Says who the member picker offers for a step of this work. */
export function PeopleHint({ work }: { work: TStepWork }) {
  const { t } = useTranslation('projects');
  return (
    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="people-hint">
      {t(`people_hint_${work}`)}
    </Typography.Paragraph>
  );
}
