import { DownloadOutlined } from '@ant-design/icons';
import type { TJobFilter, TTaskDetail } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/files.ts';
import { showError } from '../../shared/query-client.ts';
import { batchReviewJobs, exportJobs, resolveJobs, TASKS_KEY } from './queries.ts';

type BatchAction = 'pass' | 'reject' | 'reset' | 'pend';
type Action = BatchAction | 'resolve';
const BATCH_ACTIONS: BatchAction[] = ['pass', 'reject', 'reset', 'pend'];
const NEEDS_REASON = new Set<Action>(['reject', 'reset', 'pend']);
const REASON_MAX = 500;

interface Props {
  task: TTaskDetail;
  selected: number[];
  filter: TJobFilter;
  total: number;
  onDone: () => void;
  onAssign: () => void;
}

/** Batch pass / reject / reset / pend, resolve, operator and export over the selected jobs or the whole filter. */
export function JobBatchActions({ task, selected, filter, total, onDone, onAssign }: Props) {
  const { t } = useTranslation(['jobs', 'common']);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [allMatching, setAllMatching] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const useFilter = allMatching && action !== 'resolve';
  const count = useFilter ? total : selected.length;

  const run = useMutation({
    mutationFn: async (input: { action: Action; reason?: string }) => {
      if (input.action === 'resolve') return resolveJobs(selected);
      const target = useFilter ? { filter } : { job_ids: selected };
      return batchReviewJobs({ action: input.action, reason: input.reason, ...target });
    },
    onSuccess: (outcome) => {
      modal.success({
        title: t('batch_done_title'),
        content: <span data-testid="job-batch-outcome">{t('batch_done', outcome)}</span>,
      });
      setAction(null);
      setReason('');
      onDone();
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    },
    onError: (error) => {
      showError(error);
    },
  });
  const exporting = useMutation({
    mutationFn: () => exportJobs(filter),
    onSuccess: (file) => saveFile(file),
    onError: (error) => {
      showError(error);
    },
  });

  const none = selected.length === 0 && !allMatching;
  const open = (next: Action) => {
    setReason('');
    setAction(next);
  };
  const reasonMissing = action !== null && NEEDS_REASON.has(action) && reason.trim() === '';

  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="job-batch-bar">
      <Typography.Text type="secondary">{t('selected_count', { count: selected.length })}</Typography.Text>
      <Checkbox
        checked={allMatching}
        onChange={(e) => setAllMatching(e.target.checked)}
        data-testid="job-batch-all-matching"
      >
        {t('apply_all_matching', { count: total })}
      </Checkbox>
      {BATCH_ACTIONS.map((a) => (
        <Button
          key={a}
          danger={a === 'reset'}
          disabled={none || (allMatching && total === 0)}
          onClick={() => open(a)}
          data-testid={`job-batch-${a}`}
        >
          {t(`batch_${a}`)}
        </Button>
      ))}
      <Button disabled={selected.length === 0} onClick={() => open('resolve')} data-testid="job-batch-resolve">
        {t('batch_resolve')}
      </Button>
      <Button disabled={selected.length === 0} onClick={onAssign} data-testid="job-batch-set-operator">
        {t('batch_set_operator')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting.isPending}
        onClick={() => exporting.mutate()}
        data-testid="job-export"
      >
        {t('export')}
      </Button>
      <Modal
        open={action !== null}
        title={action ? t(`batch_${action}`) : ''}
        okText={t('common:confirm')}
        cancelText={t('common:cancel')}
        okButtonProps={{
          disabled: reasonMissing,
          danger: action === 'reset',
          ...{ 'data-testid': 'job-batch-confirm' },
        }}
        confirmLoading={run.isPending}
        onCancel={() => setAction(null)}
        onOk={() => action && run.mutate({ action, reason: reason.trim() || undefined })}
        destroyOnHidden
      >
        <p>
          {t('batch_confirm', {
            action: action ? t(`batch_${action}`) : '',
            count,
            task: task.name,
          })}
        </p>
        {useFilter && <Typography.Text type="warning">{t('batch_filter_warning')}</Typography.Text>}
        {action && NEEDS_REASON.has(action) && (
          <Input.TextArea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={REASON_MAX}
            showCount
            rows={3}
            placeholder={t('reason_placeholder')}
            status={reasonMissing ? 'error' : undefined}
            data-testid="job-reason-input"
            style={{ marginTop: 8 }}
          />
        )}
      </Modal>
    </Space>
  );
}
