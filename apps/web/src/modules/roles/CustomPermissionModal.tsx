import { ZCustomPermissionKey } from '@app/contracts/procedures/roles-entries.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { PermissionTextFields } from './PermissionTextFields.tsx';
import { createPermission, useAccessChanged } from './queries.ts';

interface Values {
  slug: string;
  name: string;
  description: string;
}

const PREFIX = 'custom:';

/** Creates a custom permission key (`custom:<slug>`); the super administrator holds it at once. */
export function CustomPermissionModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const changed = useAccessChanged();
  const create = useMutation({
    mutationFn: (values: Values) =>
      createPermission({
        key: `${PREFIX}${values.slug.trim()}`,
        name: values.name.trim(),
        description: values.description.trim(),
      }),
    onSuccess: async () => {
      void message.success(t('saved'));
      await changed();
      onClose();
    },
    onError: (error) => {
      showError(error);
      form.setFields(
        fieldErrorsOf(error, ['key', 'name', 'description'] as const).map((f) => ({
          name: f.name === 'key' ? ('slug' as const) : f.name,
          errors: f.errors,
        })),
      );
    },
  });
  return (
    <Modal
      open
      title={t('create_permission')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(values) => create.mutate(values)}>
        <Form.Item
          name="slug"
          label={t('key')}
          required
          extra={t('custom_key_hint')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!ZCustomPermissionKey.safeParse(`${PREFIX}${(value ?? '').trim()}`).success) {
                  throw new Error(t('rule_custom_key'));
                }
              },
            },
          ]}
        >
          <Input addonBefore={PREFIX} maxLength={64} data-testid="custom-permission-key" />
        </Form.Item>
        <PermissionTextFields testIdPrefix="custom-permission" />
      </Form>
    </Modal>
  );
}
