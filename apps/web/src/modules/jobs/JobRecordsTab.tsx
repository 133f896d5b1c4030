import type { TJobRecord } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { FIRST_PAGE, jobRecordsQuery } from './queries.ts';
import { JobStatusTag } from './task-format.tsx';

/** The operation records of a task's jobs: who did what to which job, from which status to which, and why. */
export function JobRecordsTab({ taskId }: { taskId: number }) {
  const { t } = useTranslation(['jobs', 'common']);
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const records = useQuery({
    ...jobRecordsQuery(taskId, paging),
    placeholderData: keepPreviousData,
  });
  if (records.isError && !records.data) return <LoadFailed error={records.error} onRetry={() => records.refetch()} />;
  return (
    <Table<TJobRecord>
      rowKey="id"
      loading={records.isFetching}
      dataSource={records.data?.list}
      scroll={{ x: 1200 }}
      data-testid="job-records-table"
      locale={{ emptyText: records.isLoading ? t('common:loading') : <Empty description={t('records_empty')} /> }}
      pagination={serverPagination(t, paging, records.data?.total, setPaging)}
      columns={[
        { title: t('time'), dataIndex: 'created_at', width: 150, render: formatTime },
        { title: t('item'), key: 'item', width: 200, render: (_, r) => `${r.item_name} (#${r.job_id})` },
        { title: t('step'), dataIndex: 'step_name', width: 120 },
        {
          title: t('action'),
          dataIndex: 'action',
          width: 110,
          render: (action: TJobRecord['action']) => <Tag>{t(`job_action_${action}`)}</Tag>,
        },
        { title: t('actor'), key: 'actor', width: 110, render: (_, r) => r.actor?.nickname ?? t('system') },
        { title: t('operator'), key: 'operator', width: 110, render: (_, r) => r.operator?.nickname ?? '—' },
        {
          title: t('status_change'),
          key: 'change',
          width: 220,
          render: (_, r) => (
            <span>
              {r.from_status ? <JobStatusTag status={r.from_status} /> : '—'} →{' '}
              {r.to_status ? <JobStatusTag status={r.to_status} /> : '—'}
            </span>
          ),
        },
        { title: t('reason'), dataIndex: 'reason', width: 220, render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}
