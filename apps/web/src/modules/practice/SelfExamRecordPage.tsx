import type { TPracticeSession } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { percent, reportPath, resultPath, sessionPath } from './practice-html.tsx';
import { practiceRecordsQuery } from './queries.ts';

/** `/trainingcamp/selfexamrecord`: my practice sessions, newest first, to continue or to see the result. */
export function SelfExamRecordPage() {
  const { t } = useTranslation(['practice', 'common']);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const list = useQuery({
    ...practiceRecordsQuery(paging),
    placeholderData: keepPreviousData,
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Card title={t('records_title')}>
      <ResponsiveTable<TPracticeSession>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('loading') : t('empty_records') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="practice-records-table"
        columns={[
          { title: t('set_name'), render: (_v, row) => row.set_name ?? t('wrong_book_practice') },
          { title: t('source'), dataIndex: 'source', width: 160, render: (v: string) => t(`source_${v}`) },
          {
            title: t('answered'),
            width: 110,
            render: (_v, row) => `${row.answered_count} / ${row.total}`,
          },
          { title: t('accuracy'), width: 100, render: (_v, row) => percent(row.correct_count, row.answered_count) },
          { title: t('started_at'), dataIndex: 'started_at', width: 180, render: (v: string) => formatTime(v) },
          {
            title: t('finished_at'),
            dataIndex: 'finished_at',
            width: 180,
            render: (v: string | null) => (v ? formatTime(v) : <Tag color="blue">{t('in_progress')}</Tag>),
          },
          {
            title: t('common:actions'),
            width: 180,
            phone: 'actions',
            render: (_v, row) => (
              <Space>
                {row.finished_at ? null : <Link to={sessionPath(row.id)}>{t('continue')}</Link>}
                <Link to={resultPath(row.id)}>{t('result')}</Link>
                <Link to={reportPath(row.id)}>{t('view_report')}</Link>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
