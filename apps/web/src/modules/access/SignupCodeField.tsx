import { NumberOutlined } from '@ant-design/icons';
import { ZEmailCode } from '@app/contracts/rules.ts';
import { Button, Form, type FormInstance, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api.ts';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import type { Captcha } from './use-captcha.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * The mailed sign-up code (field `code`) with its send button, which spends the form's `email` and captcha on
 * `/index/signup-code` and then waits the server's 60 s before another. Failures go to `onError`.
 */
export function SignupCodeField({
  form,
  captcha,
  onError,
}: {
  form: FormInstance;
  captcha: Captcha;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation('access');
  const [retryIn, startRetry] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState('');

  async function send() {
    onError('');
    const values: { email?: string; captcha?: string } = await form.validateFields(['email']).catch(() => ({}));
    if (!values.email) return;
    const answer = form.getFieldValue('captcha') as string | undefined;
    if (captcha.enabled && !answer?.trim()) {
      form.setFields([{ name: 'captcha', errors: [t('captcha_required')] }]);
      return;
    }
    setSending(true);
    try {
      const email = values.email.trim();
      const data = await api('/index/signup-code', { email, ...captcha.answer(answer) });
      setSentTo(email);
      startRetry(data.retry_after);
    } catch (failure) {
      onError(errorMessage(failure));
      form.setFields(fieldErrorsOf<'email' | 'captcha'>(failure));
    } finally {
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setSending(false);
    }
  }

  return (
    <Form.Item
      label={t('email_code')}
      required
      extra={sentTo && <span data-testid="signup-code-sent">{t('code_sent_to', { email: sentTo })}</span>}
    >
      <div className="code-row">
        <Form.Item name="code" noStyle rules={[zodRule(ZEmailCode, t)]}>
          <Input
            data-testid="signup-code"
            size="large"
            prefix={<NumberOutlined className="field-icon" />}
            placeholder={t('email_code_placeholder')}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Button size="large" data-testid="signup-send-code" loading={sending} disabled={retryIn > 0} onClick={send}>
          {retryIn > 0 ? t('retry_after', { seconds: retryIn }) : t('send_code')}
        </Button>
      </div>
    </Form.Item>
  );
}
