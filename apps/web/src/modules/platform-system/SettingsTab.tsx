import type { TSettingRow } from '@app/contracts';
import { builtInSetting } from '@app/contracts/builtin-settings.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../app/query-client.ts';
import { ApiError, api } from '../../shared/api.ts';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { BuiltInSettings, SETTINGS_KEY as KEY } from './BuiltInSettings.tsx';
import { SettingValueInput, settingValueRules } from './SettingValueInput.tsx';

type ValueType = TSettingRow['value_type'];
const VALUE_TYPES: ValueType[] = ['string', 'number', 'boolean', 'json'];

interface SettingFormValues {
  name: string;
  key: string;
  value: string;
  value_type: ValueType;
  description: string;
  deletable: boolean;
  site_id: number | null;
}
const FIELDS = ['name', 'key', 'value', 'value_type', 'description', 'site_id'] as const;

/**
 * The built-in settings by purpose, then every entry (platform defaults and organisations' overrides): built-in
 * keys titled in the caller's language, custom ones as they were written.
 */
export function SettingsTab() {
  const { t } = useTranslation(['system', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; scope: 'all' | 'platform' }>(
    { scope: 'all' },
    20,
  );
  const [editing, setEditing] = useState<{ open: boolean; seq: number; row?: TSettingRow }>({ open: false, seq: 0 });
  const list = useQuery({
    queryKey: [...KEY, filter, paging],
    queryFn: ({ signal }) =>
      api(
        '/setting/list',
        { keyword: filter.keyword, ...(filter.scope === 'platform' ? { site_id: null } : {}), ...paging },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('/setting/delete', { id }),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: KEY });
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
        scroll={{ x: 1100 }}
        data-testid="setting-table"
        pagination={serverPagination(t, paging, list.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('setting_name'), key: 'name', width: 160, render: (_, row) => titleOf(row) },
          {
            title: t('setting_key'),
            dataIndex: 'key',
            width: 160,
            render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
          },
          {
            title: t('setting_value'),
            dataIndex: 'value',
            width: 200,
            ellipsis: true,
            render: (value: string) => (value === '' ? <Typography.Text type="secondary">—</Typography.Text> : value),
          },
          {
            title: t('value_type'),
            dataIndex: 'value_type',
            width: 100,
            render: (type: ValueType) => <Tag>{t(`type_${type}`)}</Tag>,
          },
          {
            title: t('scope'),
            dataIndex: 'site_name',
            width: 140,
            render: (name: string | null) => name ?? <Tag color="blue">{t('scope_platform')}</Tag>,
          },
          {
            title: t('deletable'),
            dataIndex: 'deletable',
            width: 90,
            render: (deletable: boolean) => (deletable ? t('yes') : <Tag>{t('builtin')}</Tag>),
          },
          { title: t('description'), key: 'description', ellipsis: true, width: 220, render: (_, row) => helpOf(row) },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 140,
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

function SettingFormModal({ open, row, onClose }: { open: boolean; row?: TSettingRow; onClose: () => void }) {
  const { t } = useTranslation(['system', 'common', 'validation']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingFormValues>();
  const builtIn = row ? builtInSetting(row.key) : undefined;
  const valueType = Form.useWatch('value_type', form) ?? row?.value_type ?? 'string';
  const sites = useQuery({
    queryKey: ['system', 'site-options'],
    queryFn: ({ signal }) => api('/site/list', { pageSize: 100 }, { signal }),
    enabled: open && !row,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (values: SettingFormValues) => {
      const fields = {
        name: values.name,
        value: values.value ?? '',
        value_type: values.value_type,
        description: values.description ?? '',
      };
      return row
        ? api('/setting/update', { id: row.id, ...fields })
        : api('/setting/create', { ...fields, key: values.key, deletable: values.deletable, site_id: values.site_id });
    },
    onSuccess: async () => {
      void message.success(t('common:saved'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      const onFields = fieldErrorsOf(error, FIELDS);
      if (error instanceof ApiError && error.code === 'setting_key_taken') {
        onFields.push({ name: 'key', errors: [error.message] });
      }
      if (error instanceof ApiError && error.code === 'setting_value_out_of_range') {
        onFields.push({ name: 'value', errors: [error.message] });
      }
      if (onFields.length) form.setFields(onFields);
      else showError(error);
    },
  });
  return (
    <Modal
      open={open}
      title={row ? t('setting_edit_title', { key: row.key }) : t('setting_create')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending, ...{ 'data-testid': 'setting-save' } }}
      destroyOnHidden
      width={600}
      modalRender={(dom) => (
        <Form<SettingFormValues>
          form={form}
          labelCol={{ flex: '110px' }}
          wrapperCol={{ flex: 'auto' }}
          initialValues={{
            name: row?.name ?? '',
            key: row?.key ?? '',
            value: row?.value ?? '',
            value_type: row?.value_type ?? 'string',
            description: row?.description ?? '',
            deletable: row?.deletable ?? true,
            site_id: row?.site_id ?? null,
          }}
          onFinish={(values) => save.mutate(values)}
          data-testid="setting-form"
        >
          {dom}
        </Form>
      )}
    >
      {builtIn ? (
        <>
          <Form.Item label={t('setting_name')}>
            <Typography.Text>{t(`setting_title_${builtIn.key}`)}</Typography.Text>{' '}
            <Typography.Text code>{builtIn.key}</Typography.Text>
          </Form.Item>
          <Form.Item
            name="value"
            label={t('setting_value')}
            extra={t(`setting_help_${builtIn.key}`)}
            rules={settingValueRules(t, builtIn.valueType, builtIn)}
          >
            <SettingValueInput type={builtIn.valueType} builtIn={builtIn} testId="setting-form-value" />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item
            name="name"
            label={t('setting_name')}
            rules={[{ required: true, message: t('validation:required') }]}
          >
            <Input maxLength={64} data-testid="setting-form-name" />
          </Form.Item>
          <Form.Item
            name="key"
            label={t('setting_key')}
            extra={row ? undefined : t('key_hint')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9_]{1,64}$/, message: t('validation:setting_key_format') }]}
          >
            <Input maxLength={64} disabled={!!row} data-testid="setting-form-key" />
          </Form.Item>
          <Form.Item name="value_type" label={t('value_type')}>
            <Select options={VALUE_TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))} />
          </Form.Item>
          <Form.Item
            name="value"
            label={t('setting_value')}
            extra={t('value_hint')}
            rules={settingValueRules(t, valueType)}
          >
            <Input.TextArea rows={2} data-testid="setting-form-value" />
          </Form.Item>
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea rows={2} maxLength={255} showCount />
          </Form.Item>
        </>
      )}
      {!row && (
        <>
          <Form.Item name="site_id" label={t('scope')}>
            <Select
              loading={sites.isLoading}
              options={[
                { value: null, label: t('scope_platform') },
                ...(sites.data?.list ?? []).map((site) => ({ value: site.id, label: site.name })),
              ]}
            />
          </Form.Item>
          <Form.Item name="deletable" label={t('deletable')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </Modal>
  );
}
