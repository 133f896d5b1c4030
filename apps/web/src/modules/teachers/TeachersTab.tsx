import type { TTeacherRow, TTeacherStatus } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { ConfirmLink, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { teacherStatQuery, teachersQuery } from './queries.ts';
import { RejectModal } from './RejectModal.tsx';
import { useTeacherActions } from './use-teacher-actions.ts';

const STATUSES: readonly TTeacherStatus[] = ['applied', 'verified', 'rejected'];
const STATUS_COLOURS: Record<TTeacherStatus, string> = { applied: 'gold', verified: 'green', rejected: 'red' };

/** The organisation's teachers: counts by status, filters, and the table with verify, top, blacklist and delete. */
export function TeachersTab() {
  const { t } = useTranslation(['teachers', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{
    keyword?: string;
    status?: TTeacherStatus;
    blacklisted?: boolean;
  }>();
  const [rejecting, setRejecting] = useState<TTeacherRow | null>(null);
  const { verify, act } = useTeacherActions(() => setRejecting(null));

  const teachers = useQuery({
    ...teachersQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const stat = useQuery(teacherStatQuery());

  if (teachers.isError && !teachers.data) {
    return <LoadFailed error={teachers.error} onRetry={() => teachers.refetch()} />;
  }

  return (
    <>
      <Space size={32} wrap style={{ marginBottom: 16 }} data-testid="teacher-stat">
        <Statistic title={t('stat_total')} value={stat.data?.total ?? 0} />
        {STATUSES.map((s) => (
          <Statistic key={s} title={t(`status_${s}`)} value={stat.data?.[s] ?? 0} />
        ))}
        <Statistic title={t('blacklisted')} value={stat.data?.blacklisted ?? 0} />
      </Space>
      <ListToolbar>
        <SearchInput
          placeholder={t('search_teachers')}
          onSearch={(keyword) => refilter({ keyword })}
          width={240}
          testId="teacher-search"
        />
        <Select<TTeacherStatus>
          allowClear
          placeholder={t('status_filter')}
          aria-label={t('status_filter')}
          style={{ width: 140 }}
          onChange={(status) => refilter({ status })}
          options={STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))}
        />
        <Select<'yes' | 'no'>
          allowClear
          placeholder={t('blacklist_filter')}
          aria-label={t('blacklist_filter')}
          style={{ width: 140 }}
          onChange={(v) => refilter({ blacklisted: v === undefined ? undefined : v === 'yes' })}
          options={[
            { value: 'yes', label: t('blacklisted') },
            { value: 'no', label: t('not_blacklisted') },
          ]}
        />
      </ListToolbar>
      <Table<TTeacherRow>
        rowKey="id"
        data-testid="teacher-table"
        loading={teachers.isFetching}
        dataSource={teachers.data?.list}
        scroll={{ x: 1100 }}
        locale={{ emptyText: teachers.isLoading ? t('common:loading') : t('empty_teachers') }}
        pagination={serverPagination(t, paging, teachers.data?.total ?? 0, setPaging)}
        columns={[
          {
            title: t('col_name'),
            key: 'name',
            render: (_, row) => (
              <Space size={4}>
                {row.top && <Tag color="blue">{t('top')}</Tag>}
                <span>
                  {row.nickname} ({row.username})
                </span>
              </Space>
            ),
          },
          { title: t('col_title'), dataIndex: 'title', width: 140, ellipsis: true },
          {
            title: t('col_subjects'),
            dataIndex: 'subjects',
            width: 180,
            render: (subjects: string[]) => subjects.join(', ') || '—',
          },
          {
            title: t('col_status'),
            key: 'status',
            width: 160,
            render: (_, row) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLOURS[row.status]} title={row.reject_reason ?? undefined}>
                  {t(`status_${row.status}`)}
                </Tag>
                {row.blacklisted && <Tag color="black">{t('blacklisted')}</Tag>}
              </Space>
            ),
          },
          { title: t('col_applied'), dataIndex: 'applied_at', width: 160, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 320,
            fixed: 'right',
            render: (_, row) => (
              <Space size={0} wrap>
                {row.status === 'applied' && !row.blacklisted && (
                  <>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => verify.mutate({ id: row.id, pass: true })}
                      data-testid="teacher-pass"
                    >
                      {t('pass')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => setRejecting(row)}
                      data-testid="teacher-reject"
                    >
                      {t('reject')}
                    </Button>
                  </>
                )}
                <Button
                  type="link"
                  size="small"
                  onClick={() => act.mutate({ id: row.id, action: row.top ? 'cancel-top' : 'set-top' })}
                  data-testid="teacher-top"
                >
                  {t(row.top ? 'cancel_top' : 'set_top')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    act.mutate({ id: row.id, action: row.blacklisted ? 'set-whitelist' : 'set-blacklist' })
                  }
                  data-testid="teacher-blacklist"
                >
                  {t(row.blacklisted ? 'set_whitelist' : 'set_blacklist')}
                </Button>
                <ConfirmLink
                  title={t('delete_confirm')}
                  label={t('delete')}
                  cancelText={t('common:cancel')}
                  danger
                  onConfirm={() => act.mutateAsync({ id: row.id, action: 'delete' }).catch(() => undefined)}
                  testId="teacher-delete"
                />
              </Space>
            ),
          },
        ]}
      />
      {rejecting && (
        <RejectModal
          pending={verify.isPending}
          onCancel={() => setRejecting(null)}
          onReject={(reason) => verify.mutate({ id: rejecting.id, pass: false, reason })}
        />
      )}
    </>
  );
}
