import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { EmailCodeRow } from './EmailCodeRow.tsx';
import { sendSignupCode } from './queries.ts';
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
  const { t } = useTranslation('auth');
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
      const data = await sendSignupCode({ email, ...captcha.answer(answer) });
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
      <EmailCodeRow
        testId="signup-code"
        buttonTestId="signup-send-code"
        buttonLabel={t('send_code')}
        retryIn={retryIn}
        sending={sending}
        onSend={send}
      />
    </Form.Item>
  );
}
