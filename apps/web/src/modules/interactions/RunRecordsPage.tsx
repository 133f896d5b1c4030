import type { TRunDetail } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Result, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { parseId } from '../../shared/task-paths.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { runDetailPath, runRecordsQuery, teacherRunPath } from './queries.ts';

type RecordRow = Omit<TRunDetail, 'questions' | 'students'>;

/** `/course/interact/record?course_id=`: a course's interactive sessions, newest first, with participation and accuracy. */
export function RunRecordsPage() {
  const { t } = useTranslation(['interactions', 'common']);
  const [params] = useSearchParams();
  const parsed = parseId(params.get('course_id'));
  const valid = parsed !== null;
  const courseId = parsed ?? 0;
  const { paging, setPaging } = useListFilter({}, 20);
  const records = useQuery({ ...runRecordsQuery(courseId, paging), enabled: valid, placeholderData: keepPreviousData });
  if (!valid) return <Result status="404" title={t('course_missing')} />;
  if (records.isError && !records.data) return <LoadFailed error={records.error} onRetry={() => records.refetch()} />;
  return (
    <Card title={t('records')} data-testid="interact-records">
      <Table<RecordRow>
        rowKey="run_id"
        size="small"
        loading={records.isFetching}
        dataSource={records.data?.list ?? []}
        pagination={serverPagination(t, paging, records.data?.total, setPaging)}
        locale={{ emptyText: <Empty description={t('no_records')} /> }}
        scroll={{ x: 820 }}
        columns={[
          {
            key: 'title',
            title: t('title'),
            render: (_v, row) => (
              <>
                <Link to={runDetailPath(row.run_id)}>{row.title}</Link>
                {row.mode === 'self_paced' ? (
                  <Tag color="purple" style={{ marginInlineStart: 8 }}>
                    {t('mode_self_paced')}
                  </Tag>
                ) : null}
              </>
            ),
          },
          { key: 'classes', title: t('classes'), render: (_v, row) => row.class_names.join(', ') || '—' },
          { key: 'started', title: t('started_at'), width: 160, render: (_v, row) => formatTime(row.started_at) },
          {
            key: 'state',
            title: t('state'),
            width: 100,
            render: (_v, row) =>
              row.status === 'open' ? (
                <Link to={teacherRunPath(row.run_id)}>
                  <Tag color="processing">{t('running')}</Tag>
                </Link>
              ) : (
                <Tag>{t('run_state_ended')}</Tag>
              ),
          },
          {
            key: 'joined',
            title: t('joined'),
            width: 100,
            align: 'right',
            render: (_v, row) => `${row.joined_count} / ${row.student_count}`,
          },
          {
            key: 'accuracy',
            title: t('accuracy'),
            width: 100,
            align: 'right',
            render: (_v, row) => (row.accuracy === null ? '—' : `${row.accuracy}%`),
          },
        ]}
      />
    </Card>
  );
}
