import { NumberOutlined } from '@ant-design/icons';
import { ZEmailCode } from '@app/contracts/rules.ts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../shared/form-rules.ts';

/**
 * The mailed code's input (form field `code`) and its send button, which counts down while a new code must wait
 * (sign-up and password reset).
 */
export function EmailCodeRow({
  testId,
  buttonTestId,
  buttonLabel,
  retryIn,
  sending,
  autoFocus,
  onSend,
}: {
  testId: string;
  buttonTestId: string;
  buttonLabel: string;
  retryIn: number;
  sending?: boolean;
  autoFocus?: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="code-row">
      <Form.Item name="code" noStyle rules={[zodRule(ZEmailCode, t)]}>
        <Input
          data-testid={testId}
          size="large"
          prefix={<NumberOutlined className="field-icon" />}
          placeholder={t('email_code_placeholder')}
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={autoFocus}
        />
      </Form.Item>
      <Button size="large" data-testid={buttonTestId} loading={sending} disabled={retryIn > 0} onClick={onSend}>
        {retryIn > 0 ? t('retry_after', { seconds: retryIn }) : buttonLabel}
      </Button>
    </div>
  );
}
