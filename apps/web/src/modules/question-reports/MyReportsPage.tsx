import type { TMyQuestionReport, TQuestionReportKind, TQuestionReportStatus } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { myReportsQuery, STATUS_COLOR } from './queries.ts';

/**
 * `/trainingcamp/mycorrection`: the corrections and feedback I sent to the content managers, newest first, with
 * whether they were taken up and the reply.
 */
export function MyReportsPage() {
  const { t } = useTranslation(['question-reports', 'common']);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const list = useQuery({
    ...myReportsQuery(paging),
    placeholderData: keepPreviousData,
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Card title={t('mine_title')}>
      <ResponsiveTable<TMyQuestionReport>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('empty_mine') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="my-reports-table"
        columns={[
          {
            title: t('kind'),
            dataIndex: 'kind',
            width: 90,
            render: (kind: TQuestionReportKind) => t(`kind_${kind}`),
          },
          {
            title: t('question'),
            dataIndex: 'question_stem_text',
            ellipsis: true,
            phone: 'title',
            render: (stem: string | null, row) =>
              stem ?? (
                <Typography.Text type="secondary">
                  {t(row.question_id ? 'question_gone' : 'no_question')}
                </Typography.Text>
              ),
          },
          { title: t('content'), dataIndex: 'content', ellipsis: true },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (status: TQuestionReportStatus) => <Tag color={STATUS_COLOR[status]}>{t(`status_${status}`)}</Tag>,
          },
          {
            title: t('reply'),
            dataIndex: 'reply',
            ellipsis: true,
            render: (reply: string) => reply || <Typography.Text type="secondary">{t('no_reply')}</Typography.Text>,
          },
          { title: t('created_at'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
        ]}
      />
    </Card>
  );
}
