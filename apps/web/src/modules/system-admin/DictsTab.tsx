import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { DictFormModal } from './DictFormModal.tsx';
import { DictItems } from './DictItems.tsx';
import { DICTS_KEY, type DictRow, deleteDict, dictsQuery } from './queries.ts';

/** Dictionaries and their items: the options selects across modules offer (`/dict/items`). */
export function DictsTab() {
  const { t } = useTranslation(['system-admin', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>({}, 20);
  const [editing, setEditing] = useState<{ open: boolean; seq: number; row?: DictRow }>({ open: false, seq: 0 });
  const [itemsOf, setItemsOf] = useState<DictRow>();
  const list = useQuery({
    ...dictsQuery(filter.keyword, paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteDict,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: DICTS_KEY });
    },
    onError: showError,
  });
  return (
    <>
      <ListToolbar
        actions={
          <CreateButton
            label={t('dict_create')}
            onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
            testId="dict-create"
          />
        }
      >
        <SearchInput placeholder={t('dict_search')} onSearch={(keyword) => refilter({ keyword })} />
      </ListToolbar>
      <Table<DictRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        data-testid="dict-table"
        pagination={serverPagination(t, paging, list.data?.total ?? 0, setPaging)}
        columns={[
          {
            title: t('dict_key'),
            dataIndex: 'key',
            width: 180,
            render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
          },
          { title: t('dict_name'), dataIndex: 'name', width: 180 },
          { title: t('description'), dataIndex: 'description', ellipsis: true },
          { title: t('item_count'), dataIndex: 'item_count', width: 100 },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 220,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setItemsOf(row)} data-testid={`dict-items-${row.key}`}>
                  {t('items')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1, row }))}
                >
                  {t('edit')}
                </Button>
                <Popconfirm title={t('delete_confirm', { name: row.name })} onConfirm={() => remove.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <DictFormModal
        key={editing.seq}
        open={editing.open}
        row={editing.row}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <Drawer
        open={!!itemsOf}
        width={760}
        title={itemsOf ? t('items_title', { name: itemsOf.name }) : ''}
        onClose={() => setItemsOf(undefined)}
        destroyOnHidden
      >
        {itemsOf && <DictItems dictId={itemsOf.id} />}
      </Drawer>
    </>
  );
}
