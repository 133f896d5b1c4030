import type { TCdkeyBatchRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Progress, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { CdkeyBatchModal } from './CdkeyBatchModal.tsx';
import { CdkeyCodesDrawer } from './CdkeyCodesDrawer.tsx';
import { cdkeyBatchesQuery, formatPrice, useCdkeysChanged } from './queries.ts';

/**
 * `/cdkey/list`: the organisation's activation-code batches with their use rate; a new batch in a modal, and each
 * batch's codes (disable, enable, export) in a drawer.
 */
export function CdkeyManagePage() {
  const { t } = useTranslation(['cdkeys', 'common']);
  const changed = useCdkeysChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const [form, setForm] = useState({ open: false, seq: 0 });
  const [codesOf, setCodesOf] = useState<TCdkeyBatchRow>();

  const list = useQuery({
    ...cdkeyBatchesQuery(filter, paging),
    placeholderData: keepPreviousData,
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <ListToolbar
        actions={
          <CreateButton
            label={t('create')}
            onClick={() => setForm((f) => ({ open: true, seq: f.seq + 1 }))}
            testId="cdkey-batch-create"
          />
        }
      >
        <SearchInput
          placeholder={t('batch_search')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="cdkey-batch-search"
        />
      </ListToolbar>
      <Table<TCdkeyBatchRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('batch_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1100 }}
        data-testid="cdkey-batch-table"
        columns={[
          { title: t('batch_name'), dataIndex: 'name', width: 180 },
          {
            title: t('category'),
            render: (_: unknown, row) =>
              row.sub_category_name ? `${row.category_name} / ${row.sub_category_name}` : row.category_name,
          },
          { title: t('unit_price'), dataIndex: 'unit_price_cents', width: 100, render: (v: number) => formatPrice(v) },
          { title: t('count'), dataIndex: 'count', width: 80 },
          { title: t('used_count'), dataIndex: 'used_count', width: 80 },
          {
            title: t('use_rate'),
            dataIndex: 'use_rate',
            width: 160,
            render: (v: number) => (
              <Progress percent={Math.round(v * 1000) / 10} size="small" aria-label={t('use_rate')} />
            ),
          },
          {
            title: t('validity'),
            width: 300,
            render: (_: unknown, row) => `${formatTime(row.valid_from)} ~ ${formatTime(row.valid_until)}`,
          },
          {
            title: t('common:actions'),
            width: 100,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Button type="link" size="small" onClick={() => setCodesOf(row)} data-testid={`cdkey-codes-${row.id}`}>
                {t('codes')}
              </Button>
            ),
          },
        ]}
      />
      <CdkeyBatchModal
        key={form.seq}
        open={form.open}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={(batch) => {
          setForm((f) => ({ ...f, open: false }));
          void changed();
          setCodesOf(batch);
        }}
      />
      {codesOf && <CdkeyCodesDrawer key={codesOf.id} batch={codesOf} onClose={() => setCodesOf(undefined)} />}
    </Card>
  );
}
