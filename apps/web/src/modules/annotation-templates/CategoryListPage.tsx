import { PlusOutlined } from '@ant-design/icons';
import type { TCategoryDetail, TCategoryRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Image, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type PageSize, serverPagination } from '../../shared/list-paging.ts';
import { CategoryFormModal, TASK_TYPE_OPTIONS } from './CategoryFormModal.tsx';
import { CATEGORIES_KEY, useTemplatesChanged } from './template-queries.ts';

interface Filter {
  keyword?: string;
  task_type?: TCategoryRow['task_type'];
  enabled?: boolean;
}

/** `/system/template-category`: annotation categories (platform): list and filters, create, edit, delete. */
export function CategoryListPage() {
  const { t } = useTranslation(['templates', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const changed = useTemplatesChanged();
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<{ open: boolean; seq: number; category?: TCategoryDetail }>({
    open: false,
    seq: 0,
  });
  const list = useQuery({
    queryKey: [...CATEGORIES_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/template-category/list', { ...filter, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const openEdit = useMutation({
    mutationFn: (id: number) =>
      queryClient.fetchQuery({
        queryKey: [...CATEGORIES_KEY, 'detail', id],
        queryFn: () => api('/template-category/detail', { id }),
      }),
    onSuccess: (category) => setEditing((e) => ({ open: true, seq: e.seq + 1, category })),
    onError: (error) => void message.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('/template-category/delete', { id }),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
    onError: (error) => void message.error(errorMessage(error)),
  });
  const update = (next: Filter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('category_search_placeholder')}
            onSearch={(keyword) => update({ ...filter, keyword: keyword.trim() || undefined })}
            style={{ width: 240 }}
            data-testid="category-search"
          />
          <Select
            allowClear
            placeholder={t('task_type')}
            style={{ width: 160 }}
            onChange={(task_type?: Filter['task_type']) => update({ ...filter, task_type })}
            options={TASK_TYPE_OPTIONS.map((value) => ({ value, label: t(`task.${value}`) }))}
          />
          <Select
            allowClear
            placeholder={t('enabled')}
            style={{ width: 120 }}
            onChange={(enabled?: boolean) => update({ ...filter, enabled })}
            options={[
              { value: true, label: t('enabled_yes') },
              { value: false, label: t('enabled_no') },
            ]}
          />
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
          data-testid="category-create"
        >
          {t('category_create')}
        </Button>
      </Space>
      <Table<TCategoryRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('category_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="category-table"
        columns={[
          {
            title: t('small_icon'),
            dataIndex: 'small_icon',
            width: 80,
            render: (src: string | null) => (src ? <Image src={src} width={32} height={32} /> : null),
          },
          { title: t('category_name'), dataIndex: 'name' },
          { title: t('name_en'), dataIndex: 'name_en' },
          { title: t('task_type'), dataIndex: 'task_type', width: 120, render: (v: string) => t(`task.${v}`) },
          { title: t('draw_type'), dataIndex: 'draw_type', width: 140, render: (v: string) => t(`draw.${v}`) },
          { title: t('template_count'), dataIndex: 'template_count', width: 100 },
          { title: t('sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'enabled_yes' : 'enabled_no')}</Tag>,
          },
          {
            title: t('common:actions'),
            width: 160,
            render: (_: unknown, row) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => openEdit.mutate(row.id)}
                  data-testid={`category-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('category_delete_confirm', { name: row.name })}
                  onConfirm={() => remove.mutate(row.id)}
                  okButtonProps={{ danger: true }}
                >
                  <Button type="link" size="small" danger data-testid={`category-delete-${row.id}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <CategoryFormModal
        key={editing.seq}
        open={editing.open}
        category={editing.category}
        onClose={() => setEditing((e) => ({ ...e, open: false, category: undefined }))}
      />
    </Card>
  );
}
