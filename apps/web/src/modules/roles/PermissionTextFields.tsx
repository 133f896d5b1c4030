import { ZPermissionDescription, ZPermissionName } from '@app/contracts/procedures/roles.ts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../shared/form-rules.ts';

/** The name and description fields of a permission form (custom key creation and editing share them). */
export function PermissionTextFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  return (
    <>
      <Form.Item
        name="name"
        label={t('name')}
        required
        rules={[zodRule(ZPermissionName, t, t('rule_permission_name'))]}
      >
        <Input maxLength={128} data-testid={`${testIdPrefix}-name`} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('description')}
        required
        rules={[zodRule(ZPermissionDescription, t, t('rule_permission_description'))]}
      >
        <Input.TextArea rows={3} maxLength={255} showCount data-testid={`${testIdPrefix}-description`} />
      </Form.Item>
    </>
  );
}
