import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { useQuestionBankChanged } from './queries.ts';
import { ReasonModal } from './ReasonModal.tsx';

type ReviewInput = { ids: number[]; status: 'passed' | 'failed'; reason?: string };

/**
 * The review actions the category and question queues share: a row selection, pass / fail for the selection and per
 * row, and the reason modal a failure needs. `sendReview` is the queue's review call (verifyCategories,
 * verifyQuestions); `testId` prefixes the buttons' test ids (`<testId>-pass-selected`, `<testId>-fail-<id>`...).
 */
export function useReviewBatch(sendReview: (input: ReviewInput) => Promise<{ count: number }>, testId: string) {
  const { t } = useTranslation('question-bank');
  const { message } = App.useApp();
  const changed = useQuestionBankChanged();
  const [selected, setSelected] = useState<number[]>([]);
  const [failing, setFailing] = useState<number[] | null>(null);
  const verify = useMutation({
    mutationFn: sendReview,
    onSuccess: async (result, input) => {
      void message.success(
        t(input.status === 'passed' ? 'passed_count_done' : 'failed_count_done', { count: result.count }),
      );
      setSelected((s) => s.filter((id) => !input.ids.includes(id)));
      setFailing(null);
      await changed();
    },
    onError: (error) => showError(error),
  });

  const batchButtons = (
    <>
      <Button
        icon={<CheckOutlined />}
        type="primary"
        disabled={selected.length === 0}
        loading={verify.isPending && verify.variables?.status === 'passed'}
        onClick={() => verify.mutate({ ids: selected, status: 'passed' })}
        data-testid={`${testId}-pass-selected`}
      >
        {t('pass_selected', { count: selected.length })}
      </Button>
      <Button
        icon={<CloseOutlined />}
        danger
        disabled={selected.length === 0}
        onClick={() => setFailing(selected)}
        data-testid={`${testId}-fail-selected`}
      >
        {t('fail_selected', { count: selected.length })}
      </Button>
    </>
  );
  const rowButtons = (id: number) => (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => verify.mutate({ ids: [id], status: 'passed' })}
        data-testid={`${testId}-pass-${id}`}
      >
        {t('pass')}
      </Button>
      <Button type="link" size="small" danger onClick={() => setFailing([id])} data-testid={`${testId}-fail-${id}`}>
        {t('fail')}
      </Button>
    </>
  );
  const reasonModal = failing && (
    <ReasonModal
      count={failing.length}
      pending={verify.isPending}
      onCancel={() => setFailing(null)}
      onFail={(reason) => verify.mutate({ ids: failing, status: 'failed', reason })}
    />
  );
  const rowSelection = { selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys as number[]) };
  return { batchButtons, rowButtons, reasonModal, rowSelection };
}
