import { IdcardOutlined, LinkOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { ZUsername } from '@app/contracts/procedures/registration.ts';
import { LIMITS, ZEmail, ZMobile, ZNickname } from '@app/contracts/rules.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api.ts';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { AccessLayout } from './AccessLayout.tsx';
import { CaptchaField } from './CaptchaField.tsx';
import { LinkButton } from './LinkButton.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { invitationQuery, register } from './queries.ts';
import { SignupCodeField } from './SignupCodeField.tsx';
import { useCaptcha } from './use-captcha.ts';

/** /register/{id?}: sign-up through an invitation link; without one, the invitation code is asked for. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { id } = useParams();
  const [doneFor, setDoneFor] = useState<string | null>(null);
  return (
    <AccessLayout
      testId="register-page"
      title={t('register_title')}
      subtitle={t('register_subtitle')}
      topLinks={<Link to="/login">{t('nav_login')}</Link>}
    >
      {doneFor !== null ? (
        <Result
          status="success"
          className="access-result"
          title={t('register_done_title')}
          subTitle={<span data-testid="register-done">{t('register_done_text', { site: doneFor })}</span>}
          extra={
            <LinkButton to="/login" type="primary" size="large">
              {t('back_to_login')}
            </LinkButton>
          }
        />
      ) : id ? (
        <InvitationSignup token={id} onDone={setDoneFor} />
      ) : (
        <InvitationCodeForm />
      )}
    </AccessLayout>
  );
}

/** Without an invitation in the address: paste the link or the code. */
function InvitationCodeForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Form
      layout="vertical"
      className="access-form"
      onFinish={({ code }: { code: string }) => {
        const token = code.trim().replace(/\/+$/, '').split('/').pop() ?? '';
        navigate(`/register/${encodeURIComponent(token)}`);
      }}
    >
      <Alert type="info" showIcon className="access-alert" title={t('invitation_needed')} />
      <Form.Item
        name="code"
        label={t('invitation_code')}
        required
        rules={[{ required: true, whitespace: true, message: t('invitation_code_required') }]}
      >
        <Input
          data-testid="invitation-code"
          size="large"
          prefix={<LinkOutlined className="field-icon" />}
          placeholder={t('invitation_code_placeholder')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block>
        {t('invitation_continue')}
      </Button>
      <div className="access-form-foot">
        <span>{t('register_site_instead')}</span>
        <Link to="/registersite">{t('register_site_link')}</Link>
      </div>
    </Form>
  );
}

interface SignupForm {
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  password: string;
  password_again: string;
  captcha?: string;
  code: string;
}

function InvitationSignup({ token, onDone }: { token: string; onDone: (site: string) => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<SignupForm>();
  const captcha = useCaptcha();
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Failures are shown in the page, not as a toast: the query answers them as data.
  const invitation = useQuery({
    ...invitationQuery(token),
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!invitation.data) {
    return (
      <div className="page-loading">
        <Spin size="large" />
      </div>
    );
  }
  const { info, failure } = invitation.data;
  if (!info?.usable) {
    const known = info !== null || (failure instanceof ApiError && failure.code === 'not_found');
    return (
      <Result
        status="warning"
        className="access-result"
        title={t(known ? 'invitation_unusable_title' : 'invitation_load_failed')}
        subTitle={
          <span data-testid="invitation-invalid">{known ? t('invitation_unusable_text') : errorMessage(failure)}</span>
        }
        extra={
          <LinkButton to="/login" type="primary">
            {t('back_to_login')}
          </LinkButton>
        }
      />
    );
  }

  const { site, expires_at } = info;

  async function submit(values: SignupForm) {
    setSubmitting(true);
    setError('');
    try {
      const data = await register({
        invitation: token,
        username: values.username.trim(),
        nickname: values.nickname,
        email: values.email.trim(),
        code: values.code.trim(),
        mobile: values.mobile,
        password: values.password,
      });
      onDone(data.site_name);
    } catch (failure) {
      setError(errorMessage(failure));
      form.setFields(fieldErrorsOf<keyof SignupForm & string>(failure));
      setSubmitting(false);
    }
  }

  return (
    <Form<SignupForm> form={form} layout="vertical" onFinish={submit} className="access-form access-form-compact">
      <Alert
        type="info"
        showIcon
        className="access-alert"
        data-testid="invitation-site"
        title={t('invitation_join', { site: site.name })}
        description={t('invitation_expires', { time: dayjs(expires_at).format('YYYY-MM-DD HH:mm') })}
      />
      <Form.Item
        name="username"
        label={t('username')}
        required
        rules={[zodRule(ZUsername, t, t('username_rule'))]}
        extra={t('username_hint')}
      >
        <Input
          data-testid="register-username"
          size="large"
          prefix={<UserOutlined className="field-icon" />}
          placeholder={t('username_placeholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="nickname" label={t('nickname')} required rules={[zodRule(ZNickname, t)]}>
        <Input
          data-testid="register-nickname"
          size="large"
          prefix={<IdcardOutlined className="field-icon" />}
          placeholder={t('nickname_placeholder', LIMITS.nickname)}
        />
      </Form.Item>
      <Form.Item name="email" label={t('email')} required rules={[zodRule(ZEmail, t)]}>
        <Input
          data-testid="register-email"
          size="large"
          prefix={<MailOutlined className="field-icon" />}
          placeholder={t('email_placeholder')}
          autoComplete="email"
        />
      </Form.Item>
      <CaptchaField captcha={captcha} testId="register-captcha" checkedOnSubmit={false} />
      <SignupCodeField form={form} captcha={captcha} onError={setError} />
      <Form.Item name="mobile" label={t('mobile')} required rules={[zodRule(ZMobile, t)]}>
        <Input
          data-testid="register-mobile"
          size="large"
          prefix={<MobileOutlined className="field-icon" />}
          placeholder={t('mobile_placeholder')}
          inputMode="numeric"
          autoComplete="tel"
        />
      </Form.Item>
      <NewPasswordFields testId="register-password" label="password" placeholder="password_placeholder" />
      {error && <Alert data-testid="register-error" type="error" showIcon title={error} className="access-alert" />}
      <Button data-testid="register-submit" type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t('register_submit')}
      </Button>
    </Form>
  );
}
