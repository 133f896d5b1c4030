import type { TQuestionRecord } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { QuestionView } from './QuestionView.tsx';
import { questionRecordsQuery } from './queries.ts';
import { DifficultyTag, ReviewTag } from './question-format.tsx';

const ACTION_COLOR: Record<TQuestionRecord['action'], string> = {
  create: 'blue',
  update: 'geekblue',
  review_pass: 'green',
  review_fail: 'red',
  review_auto: 'cyan',
  import: 'purple',
  correction: 'orange',
  submit: 'gold',
};

/** A question's edit history, newest first; each version can be opened as the question then was. */
export function QuestionRecords({ id }: { id: number }) {
  const { t } = useTranslation(['question-bank', 'common']);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const [shown, setShown] = useState<TQuestionRecord | null>(null);
  const records = useQuery({
    ...questionRecordsQuery(id, paging),
    placeholderData: keepPreviousData,
  });
  if (records.isError && !records.data) return <LoadFailed error={records.error} onRetry={() => records.refetch()} />;
  return (
    <>
      <Table<TQuestionRecord>
        rowKey="id"
        loading={records.isFetching}
        dataSource={records.data?.list}
        locale={{ emptyText: records.isLoading ? t('common:loading') : t('records_empty') }}
        pagination={serverPagination(t, paging, records.data?.total, setPaging)}
        data-testid="qb-records"
        columns={[
          { title: t('version'), dataIndex: 'version', width: 80, render: (v: number) => `v${v}` },
          {
            title: t('record_action'),
            dataIndex: 'action',
            width: 120,
            render: (action: TQuestionRecord['action']) => (
              <Tag color={ACTION_COLOR[action]}>{t(`action_${action}`)}</Tag>
            ),
          },
          {
            title: t('review_status'),
            width: 100,
            render: (_: unknown, row) => <ReviewTag status={row.snapshot.review_status} />,
          },
          { title: t('record_reason'), dataIndex: 'reason', ellipsis: true, render: (v: string) => v || '—' },
          { title: t('record_user'), dataIndex: 'user_name', width: 120, render: (v: string | null) => v ?? '—' },
          { title: t('record_time'), dataIndex: 'created_at', width: 150, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 90,
            render: (_: unknown, row) => (
              <Button type="link" size="small" onClick={() => setShown(row)} data-testid={`qb-record-view-${row.id}`}>
                {t('view')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={shown !== null}
        title={shown ? t('record_title', { version: shown.version, time: formatTime(shown.created_at) }) : ''}
        footer={null}
        width={720}
        onCancel={() => setShown(null)}
        destroyOnHidden
      >
        {shown && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space>
              <DifficultyTag difficulty={shown.snapshot.difficulty} />
              <ReviewTag status={shown.snapshot.review_status} />
              {shown.reason && <Typography.Text type="secondary">{shown.reason}</Typography.Text>}
            </Space>
            <QuestionView question={shown.snapshot} testId="qb-record-snapshot" />
          </Space>
        )}
      </Modal>
    </>
  );
}
