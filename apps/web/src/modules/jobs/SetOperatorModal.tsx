import type { TTaskDetail } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { setJobOperator, TASKS_KEY } from './queries.ts';

/** Gives one job or the selected jobs to one of the task's operators (`/work/set-operator`). */
export function SetOperatorModal({
  task,
  jobIds,
  onClose,
}: {
  task: TTaskDetail;
  jobIds: number[] | null;
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation(['jobs', 'common']);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState<number | undefined>();
  const assign = useMutation({
    mutationFn: () => setJobOperator({ job_ids: jobIds ?? [], user_id: userId ?? 0 }),
    onSuccess: (outcome) => {
      modal.success({ title: t('batch_done_title'), content: t('batch_done', outcome) });
      setUserId(undefined);
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      onClose(true);
    },
    onError: (error) => {
      showError(error);
    },
  });
  return (
    <Modal
      open={jobIds !== null}
      title={t('set_operator')}
      okText={t('common:confirm')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: userId === undefined, ...{ 'data-testid': 'job-operator-confirm' } }}
      confirmLoading={assign.isPending}
      onCancel={() => onClose(false)}
      onOk={() => assign.mutate()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('set_operator_text', { count: jobIds?.length ?? 0 })}</Typography.Paragraph>
      {task.operators.length === 0 ? (
        <Typography.Text type="secondary">{t('no_operators')}</Typography.Text>
      ) : (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
          placeholder={t('choose_operator')}
          aria-label={t('choose_operator')}
          value={userId}
          onChange={setUserId}
          options={task.operators.map((o) => ({ value: o.id, label: o.nickname }))}
          data-testid="job-operator-select"
        />
      )}
    </Modal>
  );
}
