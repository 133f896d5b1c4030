import type { TCollectedRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { htmlText } from './practice-html.tsx';
import { collectedQuestionsQuery, PRACTICE_KEY, uncollectQuestion } from './queries.ts';

/** `/trainingcamp/mycollect`: my collected questions, newest first; remove one after a confirmation. */
export function MyCollectPage() {
  const { t } = useTranslation(['practice', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const list = useQuery({
    ...collectedQuestionsQuery(paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: uncollectQuestion,
    onSuccess: async () => {
      void message.success(t('uncollected'));
      await queryClient.invalidateQueries({ queryKey: PRACTICE_KEY });
    },
    onError: (error) => showError(error),
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Card title={t('collect_title')}>
      <ResponsiveTable<TCollectedRow>
        rowKey="question_id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('loading') : t('empty_collect') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="practice-collect-table"
        columns={[
          { title: t('stem'), dataIndex: 'stem', render: (stem: string) => htmlText(stem) },
          { title: t('type'), dataIndex: 'type', width: 110, render: (type: string) => <Tag>{t(`type_${type}`)}</Tag> },
          { title: t('category'), dataIndex: 'category_name', width: 180 },
          { title: t('collected_at'), dataIndex: 'created_at', width: 180, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 140,
            phone: 'actions',
            render: (_v, row) => (
              <Popconfirm title={t('uncollect')} onConfirm={() => remove.mutateAsync(row.question_id)}>
                <Button type="link" danger data-testid={`practice-uncollect-${row.question_id}`}>
                  {t('uncollect')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
