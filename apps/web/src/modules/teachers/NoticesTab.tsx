import type { TTeacherNoticeRow } from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { NoticeFormModal } from './NoticeFormModal.tsx';
import { teacherNoticesQuery } from './queries.ts';

/** Notices to the organisation's teachers: search, create and edit, with how many have read each. */
export function NoticesTab() {
  const { t } = useTranslation(['teachers', 'common']);
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const [editing, setEditing] = useState<TTeacherNoticeRow | 'new' | null>(null);
  const notices = useQuery({
    ...teacherNoticesQuery(filter.keyword, paging),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <ListToolbar
        actions={<CreateButton label={t('create_notice')} onClick={() => setEditing('new')} testId="notice-create" />}
      >
        <SearchInput placeholder={t('search_notices')} onSearch={(keyword) => refilter({ keyword })} width={240} />
      </ListToolbar>
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
