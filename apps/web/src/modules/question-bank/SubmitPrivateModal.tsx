import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Modal, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { categoryOptions, categoryTreeQuery, privateCategories, useQuestionBankChanged } from './queries.ts';

/**
 * Submits private questions for review (`/self-data/submit`): the caller picks a passed category of the
 * organisation's bank; the questions move there and wait for a content manager's review.
 */
export function SubmitPrivateModal({
  ids,
  onClose,
  onDone,
}: {
  ids: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['question-bank', 'common']);
  const { message } = App.useApp();
  const changed = useQuestionBankChanged();
  const tree = useQuery(categoryTreeQuery(true));
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const submit = useMutation({
    mutationFn: (category: number) => privateCategories.submit(ids, category),
    onSuccess: async ({ count }) => {
      void message.success(t('private_submitted', { count }));
      onDone();
      await changed();
    },
    onError: (error) => showError(error),
  });
  return (
    <Modal
      open
      title={t('private_submit_title', { count: ids.length })}
      okText={t('private_submit_ok')}
      okButtonProps={{ disabled: categoryId === null, loading: submit.isPending, ...{ 'data-testid': 'qb-submit-ok' } }}
      onOk={() => categoryId !== null && submit.mutate(categoryId)}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('private_submit_help')}</Typography.Paragraph>
      <TreeSelect<number>
        style={{ width: '100%' }}
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        loading={tree.isLoading}
        value={categoryId ?? undefined}
        onChange={(value) => setCategoryId(value ?? null)}
        treeData={categoryOptions(tree.data?.list ?? [], { passedOnly: true })}
        placeholder={t('category_placeholder')}
        notFoundContent={t('no_passed_categories')}
        aria-label={t('category_placeholder')}
        data-testid="qb-submit-category"
      />
    </Modal>
  );
}
