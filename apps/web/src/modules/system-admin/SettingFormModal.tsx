import type { TSettingRow } from '@app/contracts';
import { builtInSetting } from '@app/contracts/builtin-settings.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { nameIn } from '../../shared/format.ts';
import { showError } from '../../shared/query-client.ts';
import { createSetting, SETTINGS_KEY, siteOptionsQuery, updateSetting } from './queries.ts';
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

/** Adds or edits an entry: a built-in key's value with its fitting input, a custom entry in the raw form. */
export function SettingFormModal({ open, row, onClose }: { open: boolean; row?: TSettingRow; onClose: () => void }) {
  const { t, i18n } = useTranslation(['system-admin', 'common', 'validation', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingFormValues>();
  const builtIn = row ? builtInSetting(row.key) : undefined;
  const valueType = Form.useWatch('value_type', form) ?? row?.value_type ?? 'string';
  const sites = useQuery({
    ...siteOptionsQuery(),
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
        ? updateSetting({ id: row.id, ...fields })
        : createSetting({ ...fields, key: values.key, deletable: values.deletable, site_id: values.site_id });
    },
    onSuccess: async () => {
      void message.success(t('common:saved'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
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
                ...(sites.data?.list ?? []).map((site) => ({ value: site.id, label: nameIn(site, i18n.language) })),
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
