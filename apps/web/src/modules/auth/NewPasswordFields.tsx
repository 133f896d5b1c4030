import { LockOutlined } from '@ant-design/icons';
import { LIMITS, ZSignupPassword } from '@app/contracts/rules.ts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sameAsRule, zodRule } from '../../shared/form-rules.ts';

/**
 * A new password (6-32 letters and digits) entered twice, as fields `password` and `password_again`.
 * `testId` names the first input; the second is `<testId>-again`.
 */
export function NewPasswordFields({
  testId,
  label,
  placeholder,
}: {
  testId: string;
  label: string;
  placeholder: string;
}) {
  const { t } = useTranslation(['auth', 'validation']);
  return (
    <>
      <Form.Item
        name="password"
        label={t(label)}
        required
        rules={[zodRule(ZSignupPassword, t)]}
        extra={t('password_hint', LIMITS.signupPassword)}
      >
        <Input.Password
          data-testid={testId}
          size="large"
          prefix={<LockOutlined className="field-icon" />}
          placeholder={t(placeholder)}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="password_again"
        label={t('password_again')}
        required
        dependencies={['password']}
        rules={[
          { required: true, message: t('password_again_required') },
          sameAsRule('password', t('password_mismatch')),
        ]}
      >
        <Input.Password
          data-testid={`${testId}-again`}
          size="large"
          prefix={<LockOutlined className="field-icon" />}
          placeholder={t('password_again_placeholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
