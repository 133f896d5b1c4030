import type { TLabelDictRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { ConfirmLink, CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { DictFormModal } from './DictFormModal.tsx';
import { DictItemsModal } from './DictItemsModal.tsx';
import { deleteDict, dictsQuery, useDictsChanged } from './queries.ts';

/**
 * `/production/dict`: the organisation's label dictionaries (named label lists such as vehicle types) with search
 * and paging; create and rename in a modal, delete after a confirmation, and an items editor per dictionary.
 */
export function DictListPage() {
  const { t } = useTranslation(['production-dicts', 'common']);
  const { message } = App.useApp();
  const changed = useDictsChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  // `seq` remounts the form for every opening, so it starts from the dictionary's saved state.
  const [form, setForm] = useState<{ open: boolean; seq: number; dict?: TLabelDictRow }>({ open: false, seq: 0 });
  const [itemsOf, setItemsOf] = useState<number>();

  const list = useQuery({
    ...dictsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteDict,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
    onError: (error) => showError(error),
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <ListToolbar
        actions={
          <CreateButton
            label={t('create')}
            onClick={() => setForm((f) => ({ open: true, seq: f.seq + 1 }))}
            testId="dict-create"
          />
        }
      >
        <SearchInput
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="dict-search"
        />
      </ListToolbar>
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
                <ConfirmLink
                  title={t('delete_confirm', { name: row.name })}
                  label={t('delete')}
                  cancelText={t('common:cancel')}
                  onConfirm={() => remove.mutateAsync(row.id)}
                  danger
                  testId={`dict-delete-${row.id}`}
                />
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
