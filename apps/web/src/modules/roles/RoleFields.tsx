import type { TRoleDetail, TRoleForm } from '@app/contracts';
import { ZRoleDescription, ZRoleKey, ZRoleName } from '@app/contracts/procedures/roles.ts';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../shared/form-rules.ts';

/** The role form's values. */
export interface RoleValues {
  key: string;
  name: string;
  description: string;
  group_id?: number | null;
  platform: boolean;
}

/** The role's own fields: key (only when creating), name, group, platform flag and description. */
export function RoleFields({ role, groups }: { role?: TRoleDetail; groups: TRoleForm['groups'] }) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  const creating = !role;
  return (
    <Row gutter={16}>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name="key"
          label={t('key')}
          required
          extra={creating ? t('rule_key') : undefined}
          rules={creating ? [zodRule(ZRoleKey, t, t('rule_key'))] : []}
        >
          <Input disabled={!creating} maxLength={64} data-testid="role-key" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name="name"
          label={t('name')}
          required
          extra={role?.builtin ? t('name_builtin_hint') : undefined}
          rules={[zodRule(ZRoleName, t, t('rule_name'))]}
        >
          <Input disabled={role?.builtin} maxLength={64} data-testid="role-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item name="group_id" label={t('group')}>
          <Select
            allowClear
            placeholder={t('no_group')}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            data-testid="role-group"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name="platform"
          label={t('platform_role')}
          valuePropName="checked"
          extra={creating ? t('platform_hint') : undefined}
        >
          <Switch disabled={!creating} data-testid="role-platform" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="description"
          label={t('description')}
          required
          rules={[zodRule(ZRoleDescription, t, t('rule_description'))]}
        >
          <Input.TextArea rows={2} maxLength={255} showCount data-testid="role-description" />
        </Form.Item>
      </Col>
    </Row>
  );
}
