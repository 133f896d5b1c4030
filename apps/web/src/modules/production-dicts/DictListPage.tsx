import { PlusOutlined } from '@ant-design/icons';
import type { TLabelDictRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { DictFormModal } from './DictFormModal.tsx';
import { DictItemsModal } from './DictItemsModal.tsx';
import { DICTS_KEY, useDictsChanged } from './dict-queries.ts';

/**
 * `/production/dict`: the organisation's label dictionaries (named label lists such as vehicle types) with search
 * and paging; create and rename in a modal, delete after a confirmation, and an items editor per dictionary.
 */
export function DictListPage() {
  const { t } = useTranslation(['production-dicts', 'common']);
  const { message } = App.useApp();
  const changed = useDictsChanged();
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  // `seq` remounts the form for every opening, so it starts from the dictionary's saved state.
  const [form, setForm] = useState<{ open: boolean; seq: number; dict?: TLabelDictRow }>({ open: false, seq: 0 });
  const [itemsOf, setItemsOf] = useState<number>();

  const list = useQuery({
    queryKey: [...DICTS_KEY, 'list', keyword, paging],
    queryFn: ({ signal }) => api('/production-dict/list', { keyword, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('/production-dict/delete', { id }),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
    onError: (error) => void message.error(errorMessage(error)),
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder={t('search_placeholder')}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 260 }}
          data-testid="dict-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setForm((f) => ({ open: true, seq: f.seq + 1 }))}
          data-testid="dict-create"
        >
          {t('create')}
        </Button>
      </Space>
      <Table<TLabelDictRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="dict-table"
        columns={[
          { title: t('name'), dataIndex: 'name', width: 200 },
          { title: t('description'), dataIndex: 'description', ellipsis: true },
          { title: t('item_count'), dataIndex: 'item_count', width: 100 },
          { title: t('updated_at'), dataIndex: 'updated_at', width: 180, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 200,
            render: (_: unknown, row) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setItemsOf(row.id)}
                  data-testid={`dict-items-${row.id}`}
                >
                  {t('items')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setForm((f) => ({ open: true, seq: f.seq + 1, dict: row }))}
                  data-testid={`dict-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('delete_confirm', { name: row.name })}
                  onConfirm={() => remove.mutateAsync(row.id)}
                  okText={t('delete')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ danger: true }}
                >
                  <Button type="link" size="small" danger data-testid={`dict-delete-${row.id}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <DictFormModal
        key={form.seq}
        open={form.open}
        dict={form.dict}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={(saved, created) => {
          setForm((f) => ({ ...f, open: false }));
          void changed();
          if (created) setItemsOf(saved.id);
        }}
      />
      {itemsOf !== undefined && (
        <DictItemsModal
          key={itemsOf}
          dictId={itemsOf}
          onClose={() => setItemsOf(undefined)}
          onSaved={() => {
            setItemsOf(undefined);
            void changed();
          }}
        />
      )}
    </Card>
  );
}
