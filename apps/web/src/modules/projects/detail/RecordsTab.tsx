import type { TProjectRecord } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format.ts';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../../shared/list-paging.ts';
import { projectRecordsQuery } from '../queries.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Two states of an object reduced to the fields that differ (whole values otherwise). */
function changedOnly(before: unknown, after: unknown): [unknown, unknown] {
  if (!isObject(before) || !isObject(after)) return [before, after];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (!keys.length) return [before, after];
  return [
    Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  ];
}

function Details({ details }: { details: TProjectRecord['details'] }) {
  const { t } = useTranslation('projects');
  if (!details) return <Typography.Text type="secondary">—</Typography.Text>;
  const {
    before: fullBefore,
    after: fullAfter,
    ...rest
  } = details as {
    before?: unknown;
    after?: unknown;
  } & Record<string, unknown>;
  const [before, after] = changedOnly(fullBefore, fullAfter);
  const block = (label: string, value: unknown) =>
    value === undefined ? null : (
      <div>
        <Typography.Text strong>{label}</Typography.Text>
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(value, null, 2)}</pre>
      </div>
    );
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      {block(t('record_before'), before)}
      {block(t('record_after'), after)}
      {Object.keys(rest).length > 0 && block(t('record_other'), rest)}
    </div>
  );
}

/** A project's operation records: who did what and when, with the values before and after (newest first). */
export function RecordsTab({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation(['projects', 'common']);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const records = useQuery({
    ...projectRecordsQuery(projectId, paging),
    placeholderData: keepPreviousData,
  });
  if (records.isError && !records.data) return <LoadFailed error={records.error} onRetry={() => records.refetch()} />;
  const actionLabel = (action: string) =>
    i18n.exists(`projects:record_action.${action}`) ? t(`record_action.${action}`) : action;
  return (
    <Table<TProjectRecord>
      rowKey="id"
      size="small"
      loading={records.isFetching}
      dataSource={records.data?.list}
      locale={{ emptyText: records.isLoading ? t('common:loading') : t('no_records') }}
      pagination={serverPagination(t, paging, records.data?.total, setPaging)}
      expandable={{
        rowExpandable: (row) => Boolean(row.details),
        expandedRowRender: (row) => <Details details={row.details} />,
      }}
      data-testid="record-table"
      columns={[
        { title: t('record_time'), dataIndex: 'created_at', width: 160, render: formatTime },
        { title: t('record_user'), dataIndex: ['user', 'nickname'], width: 140, render: (v?: string) => v ?? '—' },
        { title: t('record_action_title'), dataIndex: 'action', render: actionLabel },
        { title: t('record_ip'), dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}
