import { PlusOutlined } from '@ant-design/icons';
import type { TKnowledgeLabelRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { KM_KEY, labelDetailPath, useKmChanged } from './km-queries.ts';
import { LabelFormModal } from './LabelFormModal.tsx';

/** `/dataset/label`: the organisation's knowledge labels with node and question counts; create, edit, delete. */
export function LabelListPage() {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const changed = useKmChanged();
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const [form, setForm] = useState<{ open: boolean; label?: TKnowledgeLabelRow }>({ open: false });
  const list = useQuery({
    queryKey: [...KM_KEY, 'labels', keyword, paging],
    queryFn: ({ signal }) => api('/dataset-label/list', { keyword, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('/dataset-label/delete', { id }),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder={t('label_search_placeholder')}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 260 }}
          data-testid="label-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setForm({ open: true })}
          data-testid="label-create"
        >
          {t('label_create')}
        </Button>
      </Space>
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
                <Tag color={row.color}>{name}</Tag>
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
