import type { TCdkeyBatchRow, TCdkeyCodeRow, TCdkeyCodeState } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/files.ts';
import { formatTime } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { cdkeyCodesQuery, disableCdkeys, enableCdkeys, exportCdkeys, useCdkeysChanged } from './queries.ts';

const STATE_COLORS: Record<TCdkeyCodeState, string | undefined> = {
  used: 'green',
  unused: 'blue',
  disabled: undefined,
};

/** One batch's codes: filter by state, search, disable or enable the selected ones, export the whole batch. */
export function CdkeyCodesDrawer({ batch, onClose }: { batch: TCdkeyBatchRow; onClose: () => void }) {
  const { t } = useTranslation(['cdkeys', 'common']);
  const { message } = App.useApp();
  const changed = useCdkeysChanged();
  const [state, setState] = useState<TCdkeyCodeState>();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>({}, 20);
  const [selected, setSelected] = useState<number[]>([]);

  const codes = useQuery({
    ...cdkeyCodesQuery(batch.id, state, filter, paging),
    placeholderData: keepPreviousData,
  });
  const setStatus = useMutation({
    mutationFn: (action: 'disable' | 'enable') =>
      action === 'disable' ? disableCdkeys(selected) : enableCdkeys(selected),
    onSuccess: async (result) => {
      void message.success(t('changed', { count: result.changed }));
      setSelected([]);
      await changed();
    },
    onError: (error) => showError(error),
  });
  const exportFile = useMutation({
    mutationFn: () => exportCdkeys(batch.id),
    onSuccess: (file) => saveFile(file),
    onError: (error) => showError(error),
  });

  return (
    <Drawer open width={820} title={t('codes_title', { name: batch.name })} onClose={onClose} destroyOnHidden>
      {codes.isError && !codes.data ? (
        <LoadFailed error={codes.error} onRetry={() => codes.refetch()} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <Select<TCdkeyCodeState>
              allowClear
              placeholder={t('state')}
              aria-label={t('state')}
              style={{ width: 140 }}
              value={state}
              onChange={(value) => {
                setState(value);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              options={(['unused', 'used', 'disabled'] as const).map((s) => ({ value: s, label: t(`state_${s}`) }))}
              data-testid="cdkey-state-filter"
            />
            <SearchInput placeholder={t('code_search')} width={220} onSearch={(keyword) => refilter({ keyword })} />
            <Popconfirm
              title={t('disable_confirm', { count: selected.length })}
              onConfirm={() => setStatus.mutateAsync('disable')}
              okText={t('disable')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              disabled={selected.length === 0}
            >
              <Button danger disabled={selected.length === 0} data-testid="cdkey-disable">
                {t('disable')}
              </Button>
            </Popconfirm>
            <Button
              disabled={selected.length === 0}
              loading={setStatus.isPending}
              onClick={() => setStatus.mutate('enable')}
              data-testid="cdkey-enable"
            >
              {t('enable')}
            </Button>
            <Button loading={exportFile.isPending} onClick={() => exportFile.mutate()} data-testid="cdkey-export">
              {t('export')}
            </Button>
          </Space>
          <Table<TCdkeyCodeRow>
            rowKey="id"
            size="small"
            loading={codes.isFetching}
            dataSource={codes.data?.list}
            locale={{ emptyText: codes.isLoading ? t('common:loading') : t('codes_empty') }}
            pagination={serverPagination(t, paging, codes.data?.total, setPaging)}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as number[]),
              getCheckboxProps: (row) => ({ disabled: row.state === 'used' }),
            }}
            data-testid="cdkey-code-table"
            columns={[
              { title: t('code'), dataIndex: 'code', render: (v: string) => <code>{v}</code> },
              {
                title: t('state'),
                dataIndex: 'state',
                width: 100,
                render: (v: TCdkeyCodeState) => <Tag color={STATE_COLORS[v]}>{t(`state_${v}`)}</Tag>,
              },
              {
                title: t('redeemed_by'),
                dataIndex: 'redeemed_by_name',
                width: 140,
                render: (v: string | null) => v ?? '-',
              },
              {
                title: t('redeemed_at'),
                dataIndex: 'redeemed_at',
                width: 170,
                render: (v: string | null) => (v ? formatTime(v) : '-'),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
