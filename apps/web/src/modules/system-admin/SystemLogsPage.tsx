import type { TAuditLogRow } from '@app/contracts';
import { AUDIT_ACTIONS } from '@app/contracts/audit-actions.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, nameIn } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { type AuditChange, auditChanges } from './audit-changes.ts';
import { siteOptionsQuery, systemLogsQuery } from './queries.ts';

interface Filter {
  keyword?: string;
  user?: string;
  site_id?: number;
  action?: string;
  from?: string;
  to?: string;
}

/** System logs (`/system`): the audit log of every write, searchable by keyword, user, organisation and date. */
export function SystemLogsPage() {
  const { t, i18n } = useTranslation(['system-admin', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<Filter>({}, 20);
  const logs = useQuery({
    ...systemLogsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const sites = useQuery({
    ...siteOptionsQuery(),
    staleTime: 60_000,
  });
  const [rawShown, setRawShown] = useState<number[]>([]);
  const actionText = (action: string) => t(`action_${action}`, { defaultValue: action });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          placeholder={t('log_keyword')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="log-search"
        />
        <SearchInput placeholder={t('log_user')} width={200} onSearch={(user) => refilter({ user })} />
        <Select
          allowClear
          placeholder={t('log_site')}
          aria-label={t('log_site')}
          style={{ width: 180 }}
          onChange={(site_id?: number) => refilter({ site_id })}
          options={(sites.data?.list ?? []).map((site) => ({ value: site.id, label: nameIn(site, i18n.language) }))}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('log_action')}
          aria-label={t('log_action')}
          style={{ width: 220 }}
          onChange={(action?: string) => refilter({ action })}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionText(action) }))}
          data-testid="log-action-filter"
        />
        <DatePicker.RangePicker
          onChange={(range) => {
            const [from, to] = (range ?? []) as (Dayjs | null)[];
            refilter({ from: from?.format('YYYY-MM-DD'), to: to?.format('YYYY-MM-DD') });
          }}
        />
        <Button onClick={() => logs.refetch()}>{t('refresh')}</Button>
      </Space>
      <Table<TAuditLogRow>
        rowKey="id"
        loading={logs.isFetching}
        dataSource={logs.data?.list}
        scroll={{ x: 1100 }}
        data-testid="log-table"
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: rawShown,
          rowExpandable: (row) => row.details !== null,
          expandedRowRender: (row) => (
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
              {JSON.stringify(row.details, null, 2)}
            </pre>
          ),
        }}
        pagination={serverPagination(t, paging, logs.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('log_time'), dataIndex: 'created_at', width: 150, render: formatTime },
          {
            title: t('log_who'),
            key: 'who',
            width: 150,
            render: (_, row) =>
              row.username ? (
                <span>
                  {row.nickname} <Typography.Text type="secondary">({row.username})</Typography.Text>
                </span>
              ) : (
                '—'
              ),
          },
          { title: t('log_site'), dataIndex: 'site_name', width: 120, render: (v: string | null) => v ?? '—' },
          {
            title: t('log_action'),
            dataIndex: 'action',
            width: 160,
            render: (action: string) => (
              <span title={action} data-testid="log-action">
                {actionText(action)}
              </span>
            ),
          },
          {
            title: t('log_target'),
            key: 'target',
            width: 190,
            render: (_, row) =>
              row.target_type ? (
                <span>
                  {t(`target_${row.target_type}`, { defaultValue: row.target_type })} #{row.target_id}
                  {row.target_name && <Typography.Text type="secondary"> {row.target_name}</Typography.Text>}
                </span>
              ) : (
                '—'
              ),
          },
          { title: t('log_ip'), dataIndex: 'ip', width: 120, render: (v: string | null) => v ?? '—' },
          {
            title: t('log_changes'),
            key: 'changes',
            render: (_, row) => (
              <Space direction="vertical" size={2}>
                <ChangeList changes={auditChanges(row.details)} />
                {row.details && (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() =>
                      setRawShown((shown) =>
                        shown.includes(row.id) ? shown.filter((id) => id !== row.id) : [...shown, row.id],
                      )
                    }
                    data-testid={`log-raw-${row.id}`}
                  >
                    {rawShown.includes(row.id) ? t('log_raw_hide') : t('log_raw_show')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The readable details of an audit line: `field: old → new`, one per line. */
function ChangeList({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation('system-admin');
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul className="plain-changes" data-testid="log-changes">
      {changes.map((change) => (
        <li key={`${change.kind}-${change.field}`}>
          <Typography.Text code>{change.field}</Typography.Text>{' '}
          {change.kind === 'changed' && (
            <>
              <Typography.Text delete type="secondary">
                {change.before}
              </Typography.Text>
              {' → '}
              {change.after}
            </>
          )}
          {change.kind === 'removed' && (
            <Typography.Text delete type="secondary" title={t('log_change_removed')}>
              {change.before}
            </Typography.Text>
          )}
          {(change.kind === 'added' || change.kind === 'note') && change.after}
        </li>
      ))}
    </ul>
  );
}
