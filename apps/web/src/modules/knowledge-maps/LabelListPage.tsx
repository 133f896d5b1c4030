import type { TKnowledgeLabelRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorTag } from '../../shared/ColorTag.tsx';
import { formatTime } from '../../shared/format.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { LabelFormModal } from './LabelFormModal.tsx';
import { deleteLabel, labelDetailPath, labelListQuery, useKmChanged } from './queries.ts';

/** `/dataset/label`: the organisation's knowledge labels with node and question counts; create, edit, delete. */
export function LabelListPage() {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const changed = useKmChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const [form, setForm] = useState<{ open: boolean; label?: TKnowledgeLabelRow }>({ open: false });
  const list = useQuery({
    ...labelListQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteLabel,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <ListToolbar
        actions={
          <CreateButton label={t('label_create')} onClick={() => setForm({ open: true })} testId="label-create" />
        }
      >
        <SearchInput
          placeholder={t('label_search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="label-search"
        />
      </ListToolbar>
      <Table<TKnowledgeLabelRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('label_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="label-table"
        columns={[
          {
            title: t('label_name'),
            dataIndex: 'name',
            width: 200,
            render: (name: string, row) => (
              <Link to={labelDetailPath(row.id)} data-testid={`label-open-${row.id}`}>
                <ColorTag color={row.color}>{name}</ColorTag>
              </Link>
            ),
          },
          { title: t('description'), dataIndex: 'description', ellipsis: true, render: (v: string) => v || '-' },
          { title: t('node_count'), dataIndex: 'node_count', width: 90 },
          { title: t('question_count'), dataIndex: 'question_count', width: 90 },
          { title: t('created_at'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 160,
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setForm({ open: true, label: row })}
                  data-testid={`label-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('label_delete_confirm', { name: row.name })}
                  description={t('label_delete_help', { nodes: row.node_count, questions: row.question_count })}
                  onConfirm={() => remove.mutateAsync(row.id)}
                  okText={t('delete')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ danger: true }}
                >
                  <Button type="link" size="small" danger data-testid={`label-delete-${row.id}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {form.open && (
        <LabelFormModal
          key={form.label?.id ?? 'new'}
          label={form.label}
          onClose={() => setForm({ open: false })}
          onSaved={() => {
            setForm({ open: false });
            void changed();
          }}
        />
      )}
    </Card>
  );
}
