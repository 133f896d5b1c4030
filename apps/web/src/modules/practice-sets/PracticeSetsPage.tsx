import type { TPracticeSetRow, TPracticeSetStatus } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { ConfirmLink, CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { PracticeSetDrawer } from './PracticeSetDrawer.tsx';
import {
  closePracticeSet,
  deletePracticeSet,
  practiceSetsQuery,
  publishPracticeSet,
  usePracticeSetsChanged,
} from './queries.ts';

const STATUS_COLOR: Record<TPracticeSetStatus, string | undefined> = {
  draft: undefined,
  published: 'green',
  closed: 'red',
};

/**
 * `/trainingcamp/mygroup-create` (and `/manager/trainingcamp/mygroup-create`): the organisation's practice sets with
 * their status, pool size and learners; create and edit in a drawer with a live pool preview; publish, close and
 * delete after a confirmation.
 */
export function PracticeSetsPage() {
  const { t } = useTranslation(['practice-sets', 'common']);
  const { message } = App.useApp();
  const changed = usePracticeSetsChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; status?: TPracticeSetStatus }>();
  // `seq` remounts the drawer for every opening, so it starts from the set's saved state.
  const [editing, setEditing] = useState<{ seq: number; id: number | null } | null>(null);

  const list = useQuery({
    ...practiceSetsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const action = useMutation({
    mutationFn: async ({ kind, id }: { kind: 'publish' | 'close' | 'delete'; id: number }): Promise<void> => {
      if (kind === 'publish') await publishPracticeSet(id);
      else if (kind === 'close') await closePracticeSet(id);
      else await deletePracticeSet(id);
    },
    onSuccess: async (_data, { kind }) => {
      void message.success(t(`${kind}_done`));
      await changed();
    },
    onError: (error) => showError(error),
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  const confirmed = (kind: 'publish' | 'close' | 'delete', row: TPracticeSetRow, danger = false) => (
    <ConfirmLink
      title={t(`${kind}_confirm`, { name: row.name })}
      label={t(kind)}
      cancelText={t('common:cancel')}
      onConfirm={() => action.mutateAsync({ kind, id: row.id })}
      danger={danger}
      testId={`practice-set-${kind}-${row.id}`}
    />
  );

  return (
    <Card>
      <ListToolbar
        actions={
          <CreateButton
            label={t('create')}
            onClick={() => setEditing((e) => ({ seq: (e?.seq ?? 0) + 1, id: null }))}
            testId="practice-set-create"
          />
        }
      >
        <SearchInput
          placeholder={t('search_placeholder')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="practice-set-search"
        />
        <Select<TPracticeSetStatus>
          allowClear
          placeholder={t('status_all')}
          aria-label={t('status_all')}
          value={filter.status}
          onChange={(status) => refilter({ status })}
          options={(['draft', 'published', 'closed'] as const).map((s) => ({ value: s, label: t(`status_${s}`) }))}
          style={{ width: 140 }}
          data-testid="practice-set-status-filter"
        />
      </ListToolbar>
      <Table<TPracticeSetRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1100 }}
        data-testid="practice-set-table"
        columns={[
          { title: t('name'), dataIndex: 'name', width: 200, ellipsis: true },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (value: TPracticeSetStatus) => <Tag color={STATUS_COLOR[value]}>{t(`status_${value}`)}</Tag>,
          },
          {
            title: t('pool_size'),
            dataIndex: 'pool_size',
            width: 100,
            render: (value: number) => (value === 0 ? <Tag color="orange">0</Tag> : value),
          },
          { title: t('per_session'), dataIndex: 'per_session', width: 110 },
          { title: t('joined_count'), dataIndex: 'joined_count', width: 100 },
          {
            title: t('lock_category'),
            dataIndex: 'lock_category_name',
            width: 140,
            render: (value: string | null) => value ?? '-',
          },
          { title: t('creator'), dataIndex: 'created_by_name', width: 120, render: (v: string | null) => v ?? '-' },
          { title: t('updated_at'), dataIndex: 'updated_at', width: 170, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 220,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing((e) => ({ seq: (e?.seq ?? 0) + 1, id: row.id }))}
                  data-testid={`practice-set-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                {row.status === 'published' ? confirmed('close', row) : confirmed('publish', row)}
                {row.session_count > 0 ? (
                  <Tooltip title={t('delete_has_sessions')}>
                    <Button type="link" size="small" danger disabled>
                      {t('delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  confirmed('delete', row, true)
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <PracticeSetDrawer
          key={editing.seq}
          setId={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void changed();
          }}
        />
      )}
    </Card>
  );
}
