import { MailOutlined } from '@ant-design/icons';
import { ZEmail } from '@app/contracts/rules.ts';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { AccessLayout } from './AccessLayout.tsx';
import { CaptchaField } from './CaptchaField.tsx';
import { EmailCodeRow } from './EmailCodeRow.tsx';
import { LinkButton } from './LinkButton.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { resetPassword, sendPasswordResetCode } from './queries.ts';
import { useCaptcha } from './use-captcha.ts';
import { useCountdown } from './use-countdown.ts';

/** Wait before another code may be mailed, when the server does not say. */
const DEFAULT_RETRY_SECONDS = 60;

type Step = 'email' | 'reset' | 'done';

/** /forget-password: email and captcha -> mailed code (60 s before another) -> code and new password twice -> done. */
export function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [retryIn, startRetry] = useCountdown();
  const stepIndex = { email: 0, reset: 1, done: 2 }[step];

  return (
    <AccessLayout
      testId="forget-password-page"
      title={t('forget_title')}
      subtitle={t('forget_subtitle')}
      topLinks={<Link to="/login">{t('nav_login')}</Link>}
    >
      <Steps
        size="small"
        current={stepIndex}
        className="access-steps"
        items={[{ title: t('forget_step_email') }, { title: t('forget_step_reset') }, { title: t('forget_step_done') }]}
      />
      {step === 'email' && (
        <SendCodeStep
          email={email}
          retryIn={retryIn}
          onSent={(address, retryAfter) => {
            setEmail(address);
            startRetry(retryAfter ?? DEFAULT_RETRY_SECONDS);
            setStep('reset');
          }}
        />
      )}
      {step === 'reset' && (
        <ResetStep email={email} retryIn={retryIn} onResend={() => setStep('email')} onDone={() => setStep('done')} />
      )}
      {step === 'done' && (
        <Result
          status="success"
          className="access-result"
          title={t('forget_done_title')}
          subTitle={t('forget_done_text')}
          extra={
            <LinkButton to="/login" type="primary" size="large" data-testid="forget-back-to-login">
              {t('back_to_login')}
            </LinkButton>
          }
        />
      )}
    </AccessLayout>
  );
}

function SendCodeStep({
  email,
  retryIn,
  onSent,
}: {
  email: string;
  retryIn: number;
  onSent: (email: string, retryAfter: number | undefined) => void;
}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<{ email: string; captcha?: string }>();
  const captcha = useCaptcha();
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function send(values: { email: string; captcha?: string }) {
    setSending(true);
    setError('');
    try {
      const address = values.email.trim();
      const data = await sendPasswordResetCode({
        email: address,
        ...captcha.answer(values.captcha),
      });
      onSent(address, data.retry_after);
    } catch (failure) {
      setError(errorMessage(failure));
      form.setFields(fieldErrorsOf<'email' | 'captcha'>(failure));
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setSending(false);
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={send} initialValues={{ email }} className="access-form">
      <Form.Item name="email" label={t('email')} required rules={[zodRule(ZEmail, t)]}>
        <Input
          data-testid="forget-email"
          size="large"
          prefix={<MailOutlined className="field-icon" />}
          placeholder={t('forget_email_placeholder')}
          autoComplete="email"
          autoFocus
        />
      </Form.Item>
      <CaptchaField captcha={captcha} testId="forget-captcha" />
      {error && <Alert data-testid="forget-error" type="error" showIcon title={error} className="access-alert" />}
      <Button
        data-testid="forget-send-code"
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={sending}
        disabled={retryIn > 0}
      >
        {retryIn > 0 ? t('retry_after', { seconds: retryIn }) : t('send_code')}
      </Button>
      <div className="access-form-foot">
        <Link to="/login">{t('back_to_login')}</Link>
      </div>
    </Form>
  );
}

interface ResetForm {
  code: string;
  password: string;
  password_again: string;
}

function ResetStep({
  email,
  retryIn,
  onResend,
  onDone,
}: {
  email: string;
  retryIn: number;
  onResend: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ResetForm>();
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function reset(values: ResetForm) {
    setSaving(true);
    setError('');
    try {
      await resetPassword({
        email,
        code: values.code.trim(),
        password: values.password,
      });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
      form.setFields(fieldErrorsOf<keyof ResetForm & string>(failure));
      setSaving(false);
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={reset} className="access-form">
      <Alert
        type="success"
        showIcon
        className="access-alert"
        title={t('code_sent_to', { email })}
        data-testid="code-sent"
      />
      <Form.Item label={t('email_code')} required>
        <EmailCodeRow
          testId="forget-code"
          buttonTestId="forget-resend"
          buttonLabel={t('resend_code')}
          retryIn={retryIn}
          autoFocus
          onSend={onResend}
        />
      </Form.Item>
      <NewPasswordFields testId="forget-password" label="new_password" placeholder="new_password_placeholder" />
      {error && <Alert data-testid="forget-error" type="error" showIcon title={error} className="access-alert" />}
      <Button data-testid="forget-reset" type="primary" htmlType="submit" size="large" block loading={saving}>
        {t('reset_password')}
      </Button>
    </Form>
  );
}
