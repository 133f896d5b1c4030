import { BankOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { LIMITS, ZEmail, ZMobile, ZSiteName } from '@app/contracts/rules.ts';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { AccessLayout } from './AccessLayout.tsx';
import { AgreementModal } from './AgreementModal.tsx';
import { CaptchaField } from './CaptchaField.tsx';
import { WEBSITE_TARGET } from './login-target.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { signupSite } from './queries.ts';
import { SignupCodeField } from './SignupCodeField.tsx';
import { useCaptcha } from './use-captcha.ts';

interface SiteForm {
  site_name: string;
  email: string;
  mobile: string;
  password: string;
  password_again: string;
  captcha?: string;
  code: string;
  agreement: boolean;
}

/** /registersite: an organisation and its manager; every rule of the contract checked as the person types and on the server. */
export function RegisterSitePage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<SiteForm>();
  const captcha = useCaptcha();
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);

  async function submit(values: SiteForm) {
    setSubmitting(true);
    setError('');
    try {
      await signupSite({
        site_name: values.site_name.trim(),
        email: values.email.trim(),
        code: values.code.trim(),
        mobile: values.mobile,
        password: values.password,
        agreement: values.agreement === true,
      });
      // The registration form of the website: the new manager fills in their teacher profile first.
      window.location.assign(WEBSITE_TARGET);
    } catch (failure) {
      setError(errorMessage(failure));
      form.setFields(fieldErrorsOf<keyof SiteForm & string>(failure));
      setSubmitting(false);
    }
  }

  return (
    <AccessLayout
      testId="register-site-page"
      title={t('register_site_title')}
      subtitle={t('register_site_subtitle')}
      topLinks={<Link to="/login">{t('nav_login')}</Link>}
    >
      <Form<SiteForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        className="access-form access-form-compact"
        initialValues={{ agreement: false }}
      >
        <Form.Item name="site_name" label={t('site_name')} required rules={[zodRule(ZSiteName, t)]}>
          <Input
            data-testid="register-site-name"
            prefix={<BankOutlined className="field-icon" />}
            placeholder={t('site_name_placeholder', LIMITS.siteName)}
            maxLength={LIMITS.siteName.max + 8}
            size="large"
          />
        </Form.Item>
        <Form.Item name="email" label={t('email')} required rules={[zodRule(ZEmail, t)]}>
          <Input
            data-testid="register-email"
            prefix={<MailOutlined className="field-icon" />}
            placeholder={t('email_placeholder')}
            autoComplete="email"
            size="large"
          />
        </Form.Item>
        <CaptchaField captcha={captcha} testId="register-captcha" checkedOnSubmit={false} />
        <SignupCodeField form={form} captcha={captcha} onError={setError} />
        <Form.Item name="mobile" label={t('mobile')} required rules={[zodRule(ZMobile, t)]}>
          <Input
            data-testid="register-mobile"
            prefix={<MobileOutlined className="field-icon" />}
            placeholder={t('mobile_placeholder')}
            inputMode="numeric"
            autoComplete="tel"
            size="large"
          />
        </Form.Item>
        <NewPasswordFields testId="register-password" label="password" placeholder="password_placeholder" />
        <Form.Item
          name="agreement"
          valuePropName="checked"
          rules={[
            {
              validator: async (_r, checked) =>
                checked ? undefined : Promise.reject(new Error(t('agreement_required'))),
            },
          ]}
        >
          <Checkbox data-testid="register-agreement">
            {t('agreement_prefix')}
            <Button
              type="link"
              size="small"
              className="inline-link"
              onClick={(event) => {
                event.preventDefault();
                setAgreementOpen(true);
              }}
            >
              {t('agreement_name')}
            </Button>
          </Checkbox>
        </Form.Item>
        {error && <Alert data-testid="register-error" type="error" showIcon title={error} className="access-alert" />}
        <Button data-testid="register-submit" type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('register_site_submit')}
        </Button>
        <div className="access-form-foot">
          <span>{t('have_account')}</span>
          <Link to="/login">{t('back_to_login')}</Link>
        </div>
      </Form>
      <AgreementModal
        open={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        onAccept={() => {
          form.setFieldValue('agreement', true);
          void form.validateFields(['agreement']);
          setAgreementOpen(false);
        }}
      />
    </AccessLayout>
  );
}
