import type { TSettingRow } from '@app/contracts';
import { builtInSetting } from '@app/contracts/builtin-settings.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { BuiltInSettings } from './BuiltInSettings.tsx';
import { deleteSetting, SETTINGS_KEY, settingsQuery } from './queries.ts';
import { SettingFormModal } from './SettingFormModal.tsx';

type ValueType = TSettingRow['value_type'];

/**
 * The built-in settings by purpose, then every entry (platform defaults and organisations' overrides): built-in
 * keys titled in the caller's language, custom ones as they were written.
 */
export function SettingsTab() {
  const { t } = useTranslation(['system-admin', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; scope: 'all' | 'platform' }>(
    { scope: 'all' },
    20,
  );
  const [editing, setEditing] = useState<{ open: boolean; seq: number; row?: TSettingRow }>({ open: false, seq: 0 });
  const list = useQuery({
    ...settingsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteSetting,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: showError,
  });

  const titleOf = (row: TSettingRow) => (builtInSetting(row.key) ? t(`setting_title_${row.key}`) : row.name);
  const helpOf = (row: TSettingRow) => (builtInSetting(row.key) ? t(`setting_help_${row.key}`) : row.description);
  return (
    <>
      <BuiltInSettings />
      <Typography.Title level={5}>{t('setting_entries')}</Typography.Title>
      <ListToolbar
        actions={
          <CreateButton
            label={t('setting_create')}
            onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
            testId="setting-create"
          />
        }
      >
        <SearchInput
          placeholder={t('setting_search')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="setting-search"
        />
        <Select
          value={filter.scope}
          style={{ width: 180 }}
          aria-label={t('scope')}
          onChange={(scope) => refilter({ scope })}
          options={[
            { value: 'all', label: t('scope_all') },
            { value: 'platform', label: t('scope_platform') },
          ]}
        />
      </ListToolbar>
      <Table<TSettingRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        scroll={{ x: 1080 }}
        data-testid="setting-table"
        pagination={serverPagination(t, paging, list.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('setting_name'), key: 'name', width: 150, render: (_, row) => titleOf(row) },
          {
            title: t('setting_key'),
            dataIndex: 'key',
            width: 150,
            render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
          },
          {
            title: t('setting_value'),
            dataIndex: 'value',
            width: 160,
            ellipsis: true,
            render: (value: string) => (value === '' ? <Typography.Text type="secondary">—</Typography.Text> : value),
          },
          {
            title: t('value_type'),
            dataIndex: 'value_type',
            width: 90,
            render: (type: ValueType) => <Tag>{t(`type_${type}`)}</Tag>,
          },
          {
            title: t('scope'),
            dataIndex: 'site_name',
            width: 110,
            render: (name: string | null) => name ?? <Tag color="blue">{t('scope_platform')}</Tag>,
          },
          {
            title: t('deletable'),
            dataIndex: 'deletable',
            width: 90,
            render: (deletable: boolean) => (deletable ? t('yes') : <Tag>{t('builtin')}</Tag>),
          },
          { title: t('description'), key: 'description', ellipsis: true, width: 200, render: (_, row) => helpOf(row) },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 130,
            render: (_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1, row }))}
                  data-testid={`setting-edit-${row.key}`}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('delete_confirm', { name: titleOf(row) || row.key })}
                  disabled={!row.deletable}
                  onConfirm={() => remove.mutate(row.id)}
                >
                  <Button type="link" size="small" danger disabled={!row.deletable}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <SettingFormModal
        key={editing.seq}
        open={editing.open}
        row={editing.row}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </>
  );
}
