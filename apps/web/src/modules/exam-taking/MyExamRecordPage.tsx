import type { TExamRecord } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { AttemptStatusTag, attemptPath, recordDetailPath } from './exam-shared.tsx';
import { myExamRecordsQuery } from './queries.ts';

/** `/trainingcamp/myexamRecord` (`?exam=` to see one exam's): my attempts, newest first, linking to the results. */
export function MyExamRecordPage() {
  const { t } = useTranslation(['exam-taking', 'common']);
  const [params, setParams] = useSearchParams();
  const examId = Number(params.get('exam')) || undefined;
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const list = useQuery({
    ...myExamRecordsQuery(examId, paging),
    placeholderData: keepPreviousData,
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Card
      title={t('records_title')}
      extra={
        examId ? (
          <Button type="link" onClick={() => setParams({})}>
            {t('all_records')}
          </Button>
        ) : null
      }
    >
      <ResponsiveTable<TExamRecord>
        rowKey="attempt_id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('empty_records') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="exam-records-table"
        columns={[
          { title: t('name'), dataIndex: 'exam_name' },
          { title: t('attempt_seq'), dataIndex: 'seq', width: 90, render: (v: number) => t('attempt_n', { n: v }) },
          { title: t('started_at'), dataIndex: 'started_at', width: 170, render: (v: string) => formatTime(v) },
          {
            title: t('submitted_at'),
            dataIndex: 'submitted_at',
            width: 170,
            render: (v: string | null) => formatTime(v),
          },
          {
            title: t('score'),
            width: 110,
            render: (_v, row) =>
              row.status === 'being_graded' ? (
                <Typography.Text type="secondary" data-testid={`exam-record-marking-${row.attempt_id}`}>
                  {t('score_after_marking')}
                </Typography.Text>
              ) : (
                `${row.score ?? '—'} / ${row.total_score}`
              ),
          },
          {
            title: t('status'),
            width: 120,
            render: (_v, row) => <AttemptStatusTag status={row.status} passed={row.passed} t={t} />,
          },
          {
            title: t('common:actions'),
            width: 110,
            phone: 'actions',
            render: (_v, row) =>
              row.status === 'in_progress' ? (
                <Link to={attemptPath(row.exam_id, row.attempt_id)}>{t('continue')}</Link>
              ) : (
                <Link to={recordDetailPath(row.attempt_id)} data-testid={`exam-record-result-${row.attempt_id}`}>
                  {t('result')}
                </Link>
              ),
          },
        ]}
      />
    </Card>
  );
}
