import { CloseCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { forgetOpenTabs } from '../../shared/open-tabs.ts';
import { AccessLayout } from './AccessLayout.tsx';
import { CaptchaField } from './CaptchaField.tsx';
import { loginTarget } from './login-target.ts';
import { login } from './queries.ts';
import { useCaptcha } from './use-captcha.ts';

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
}

/** The login rules (the contract's, without loading zod on the first page): password at least 6. */
const PASSWORD_MIN = 6;

/** /login: username or email, password, image captcha; server errors inline, a new captcha after each failure. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [form] = Form.useForm<LoginForm>();
  const captcha = useCaptcha();
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: LoginForm) {
    setSubmitting(true);
    setError('');
    try {
      // The answer sets the session cookie (HttpOnly) and the signed-in hint.
      await login({
        username: values.username.trim(),
        password: values.password,
        ...captcha.answer(values.captcha),
      });
      forgetOpenTabs();
      window.location.assign(loginTarget(location.search));
    } catch (failure) {
      setError(errorMessage(failure));
      form.setFields(fieldErrorsOf<keyof LoginForm & string>(failure));
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setSubmitting(false);
    }
  }

  return (
    <AccessLayout
      testId="login-page"
      title={t('login_title')}
      subtitle={t('login_subtitle')}
      topLinks={<Link to="/home">{t('nav_home')}</Link>}
    >
      <Form<LoginForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => error && setError('')}
        className="access-form"
      >
        <Form.Item
          name="username"
          rules={[{ required: true, whitespace: true, message: t('validation:username_required') }]}
        >
          <Input
            data-testid="login-username"
            size="large"
            prefix={<UserOutlined className="field-icon" />}
            placeholder={t('login_username_placeholder')}
            autoComplete="username"
            autoFocus
            maxLength={64}
          />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('validation:login_password_length') },
            { min: PASSWORD_MIN, message: t('validation:login_password_length') },
          ]}
        >
          <Input.Password
            data-testid="login-password"
            size="large"
            prefix={<LockOutlined className="field-icon" />}
            placeholder={t('login_password_placeholder')}
            autoComplete="current-password"
            maxLength={64}
          />
        </Form.Item>
        <CaptchaField captcha={captcha} testId="login-captcha" label={false} />
        <div className="access-form-row">
          <span />
          <Link to="/forget-password" data-testid="link-forget-password">
            {t('forget_password_link')}
          </Link>
        </div>
        {error && (
          <div data-testid="login-error" className="access-alert login-error" role="alert">
            <CloseCircleFilled /> {error}
          </div>
        )}
        <Button data-testid="login-submit" type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('login_submit')}
        </Button>
        <div className="access-form-foot">
          <span>{t('login_no_account')}</span>
          <Link to="/registersite" data-testid="link-registersite">
            {t('register_site_link')}
          </Link>
        </div>
      </Form>
    </AccessLayout>
  );
}
