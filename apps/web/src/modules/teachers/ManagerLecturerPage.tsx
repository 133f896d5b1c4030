import { PlusOutlined } from '@ant-design/icons';
import type { TTeacherNoticeRow, TTeacherRow, TTeacherStatus } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type PageSize, serverPagination } from '../../shared/list-paging.ts';
import { NoticeFormModal } from './NoticeFormModal.tsx';
import { RejectModal } from './RejectModal.tsx';

const STATUSES: readonly TTeacherStatus[] = ['applied', 'verified', 'rejected'];
const STATUS_COLOURS: Record<TTeacherStatus, string> = { applied: 'gold', verified: 'green', rejected: 'red' };

type Action = 'set-blacklist' | 'set-whitelist' | 'set-top' | 'cancel-top' | 'delete';

/** `/manager/lecturer` (module 8): the organisation's teachers and applications, and notices to teachers. */
export function ManagerLecturerPage() {
  const { t } = useTranslation(['teachers', 'common']);
  return (
    <Card title={t('manager_title')} data-testid="manager-lecturer-page">
      <Tabs
        items={[
          { key: 'teachers', label: t('tab_teachers'), children: <TeachersTab /> },
          { key: 'notices', label: t('tab_notices'), children: <NoticesTab /> },
        ]}
      />
    </Card>
  );
}

function TeachersTab() {
  const { t } = useTranslation(['teachers', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<{ keyword?: string; status?: TTeacherStatus; blacklisted?: boolean }>({});
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 10 });
  const [rejecting, setRejecting] = useState<TTeacherRow | null>(null);

  const teachers = useQuery({
    queryKey: ['teachers', 'list', filter, paging],
    queryFn: ({ signal }) => api('/user/teacher-list', { ...filter, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const stat = useQuery({
    queryKey: ['teachers', 'stat'],
    queryFn: ({ signal }) => api('/user/teacher-stat', {}, { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['teachers'] });
  const verify = useMutation({
    mutationFn: (input: { id: number; pass: boolean; reason?: string }) => api('/user/teacher-verify', input),
    onSuccess: (row) => {
      void message.success(t(row.status === 'verified' ? 'verified_done' : 'rejected_done'));
      setRejecting(null);
    },
    onError: (error) => void message.error(errorMessage(error)),
    onSettled: refresh,
  });
  const act = useMutation({
    mutationFn: async ({ id, action }: { id: number; action: Action }): Promise<unknown> => {
      switch (action) {
        case 'set-blacklist':
          return api('/user/teacher-set-blacklist', { id });
        case 'set-whitelist':
          return api('/user/teacher-set-whitelist', { id });
        case 'set-top':
          return api('/user/teacher-set-top', { id });
        case 'cancel-top':
          return api('/user/teacher-cancel-top', { id });
        default:
          return api('/user/teacher-delete', { id });
      }
    },
    onSuccess: () => void message.success(t('saved')),
    onError: (error) => void message.error(errorMessage(error)),
    onSettled: refresh,
  });
  const update = (next: typeof filter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };

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
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('search_teachers')}
          onSearch={(keyword) => update({ ...filter, keyword: keyword.trim() || undefined })}
          style={{ width: 240 }}
          data-testid="teacher-search"
        />
        <Select<TTeacherStatus>
          allowClear
          placeholder={t('status_filter')}
          style={{ width: 140 }}
          onChange={(status) => update({ ...filter, status })}
          options={STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))}
        />
        <Select<'yes' | 'no'>
          allowClear
          placeholder={t('blacklist_filter')}
          style={{ width: 140 }}
          onChange={(v) => update({ ...filter, blacklisted: v === undefined ? undefined : v === 'yes' })}
          options={[
            { value: 'yes', label: t('blacklisted') },
            { value: 'no', label: t('not_blacklisted') },
          ]}
        />
      </Space>
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
                <Popconfirm
                  title={t('delete_confirm')}
                  okText={t('delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common:cancel')}
                  onConfirm={() => act.mutateAsync({ id: row.id, action: 'delete' }).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger data-testid="teacher-delete">
                    {t('delete')}
                  </Button>
                </Popconfirm>
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

function NoticesTab() {
  const { t } = useTranslation(['teachers', 'common']);
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<TTeacherNoticeRow | 'new' | null>(null);
  const notices = useQuery({
    queryKey: ['teacher-notices', keyword, paging],
    queryFn: ({ signal }) => api('/user/teacher-notice-list', { keyword, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('search_notices')}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 240 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="notice-create">
          {t('create_notice')}
        </Button>
      </div>
      <Table<TTeacherNoticeRow>
        rowKey="id"
        data-testid="notice-table"
        loading={notices.isFetching}
        dataSource={notices.data?.list}
        locale={{
          emptyText: notices.isError
            ? errorMessage(notices.error)
            : notices.isLoading
              ? t('common:loading')
              : t('empty_notices'),
        }}
        pagination={serverPagination(t, paging, notices.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('notice_title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('col_author'),
            dataIndex: 'created_by_nickname',
            width: 120,
            render: (v: string | null) => v ?? '—',
          },
          { title: t('col_reads'), dataIndex: 'read_count', width: 100, align: 'right' },
          { title: t('col_created'), dataIndex: 'created_at', width: 160, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 100,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="notice-edit">
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing !== null && (
        <NoticeFormModal
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ['teacher-notices'] });
          }}
        />
      )}
    </>
  );
}
