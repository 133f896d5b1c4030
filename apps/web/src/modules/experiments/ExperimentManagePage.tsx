import type { TExperimentDetail } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { ConfirmLink, CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { ExperimentDrawer } from './ExperimentDrawer.tsx';
import { deleteExperiment, experimentsQuery, setExperimentStatus, useExperimentsChanged } from './queries.ts';

type Row = Omit<TExperimentDetail, 'instructions' | 'starter_code' | 'limits' | 'cases'>;
type Status = 'draft' | 'published';

/**
 * `/experiment-manage`: the organisation's code experiments (title, language, status, test cases, updated); create
 * and edit in a drawer; publish, unpublish and delete after a confirmation (a second one when it has submissions).
 */
export function ExperimentManagePage() {
  const { t } = useTranslation(['experiments', 'common']);
  const { message, modal } = App.useApp();
  const changed = useExperimentsChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; status?: Status }>();
  // `seq` remounts the drawer for every opening, so it starts from the experiment's saved state.
  const [editing, setEditing] = useState<{ seq: number; id: number | null } | null>(null);
  const list = useQuery({ ...experimentsQuery(filter, paging), placeholderData: keepPreviousData });

  const done = async (key: string) => {
    void message.success(t(key));
    await changed();
  };
  const status = useMutation({
    mutationFn: ({ id, next }: { id: number; next: Status }) => setExperimentStatus(id, next),
    onSuccess: (_data, { next }) => done(next === 'published' ? 'publish_done' : 'unpublish_done'),
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) => deleteExperiment(id, force),
    onSuccess: () => done('delete_done'),
    onError: (error, { id }) => {
      if (!(error instanceof ApiError) || error.code !== 'experiment_has_submissions') return showError(error);
      const count = (error.details as { count?: number } | undefined)?.count ?? 0;
      modal.confirm({
        title: t('delete_force_title'),
        content: t('delete_force_body', { count }),
        okText: t('delete_force'),
        okButtonProps: { danger: true },
        cancelText: t('common:cancel'),
        onOk: () => remove.mutateAsync({ id, force: true }),
      });
    },
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  const open = (id: number | null) => setEditing((e) => ({ seq: (e?.seq ?? 0) + 1, id }));

  return (
    <Card>
      <ListToolbar actions={<CreateButton label={t('create')} onClick={() => open(null)} testId="experiment-create" />}>
        <SearchInput
          placeholder={t('search_placeholder')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="experiment-search"
        />
        <Select<Status>
          allowClear
          placeholder={t('status_all')}
          aria-label={t('status_all')}
          value={filter.status}
          onChange={(next) => refilter({ status: next })}
          options={(['draft', 'published'] as const).map((s) => ({ value: s, label: t(`state_${s}`) }))}
          style={{ width: 140 }}
          data-testid="experiment-status-filter"
        />
      </ListToolbar>
      <Table<Row>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 900 }}
        data-testid="experiment-table"
        columns={[
          { title: t('title'), dataIndex: 'title', width: 220, ellipsis: true },
          { title: t('language'), dataIndex: 'language', width: 120, render: (v: string) => t(`lang_${v}`) },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (v: Status) => <Tag color={v === 'published' ? 'green' : undefined}>{t(`state_${v}`)}</Tag>,
          },
          { title: t('case_count'), dataIndex: 'case_count', width: 100 },
          { title: t('submission_count'), dataIndex: 'submission_count', width: 100 },
          { title: t('updated_at'), dataIndex: 'updated_at', width: 170, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 220,
            fixed: 'right',
            render: (_: unknown, row) => {
              const next: Status = row.status === 'published' ? 'draft' : 'published';
              const verb = next === 'published' ? 'publish' : 'unpublish';
              return (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => open(row.id)}
                    data-testid={`experiment-edit-${row.id}`}
                  >
                    {t('edit')}
                  </Button>
                  <ConfirmLink
                    title={t(`${verb}_confirm`, { title: row.title })}
                    label={t(verb)}
                    cancelText={t('common:cancel')}
                    onConfirm={() => status.mutateAsync({ id: row.id, next })}
                    testId={`experiment-${verb}-${row.id}`}
                  />
                  <ConfirmLink
                    title={t('delete_confirm', { title: row.title })}
                    label={t('delete')}
                    cancelText={t('common:cancel')}
                    onConfirm={() => remove.mutate({ id: row.id, force: false })}
                    danger
                    testId={`experiment-delete-${row.id}`}
                  />
                </Space>
              );
            },
          },
        ]}
      />
      {editing && (
        <ExperimentDrawer
          key={editing.seq}
          experimentId={editing.id}
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
