import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from './use-captcha.ts';

/**
 * The captcha answer with its image beside it; a click on the image fetches a new one. Nothing when captcha is off.
 * `checkedOnSubmit` false: the answer is spent by another button (send code), which checks it itself.
 */
export function CaptchaField({
  captcha,
  testId = 'captcha-input',
  label = true,
  checkedOnSubmit = true,
}: {
  captcha: Captcha;
  testId?: string;
  label?: boolean;
  checkedOnSubmit?: boolean;
}) {
  const { t } = useTranslation('auth');
  if (!captcha.enabled) return null;
  return (
    <Form.Item label={label ? t('captcha') : undefined} required={label}>
      <div className="captcha-row">
        <Form.Item
          name="captcha"
          noStyle
          rules={checkedOnSubmit ? [{ required: true, whitespace: true, message: t('captcha_required') }] : []}
        >
          <Input
            data-testid={testId}
            prefix={<SafetyCertificateOutlined className="field-icon" />}
            placeholder={t('captcha_placeholder')}
            maxLength={8}
            autoComplete="off"
            size="large"
          />
        </Form.Item>
        <button
          type="button"
          className="captcha-image"
          title={t('captcha_refresh')}
          aria-label={t('captcha_refresh')}
          onClick={captcha.refresh}
        >
          {captcha.image ? (
            <img data-testid="captcha-image" src={captcha.image} alt={t('captcha_alt')} />
          ) : (
            <span className="captcha-placeholder">{captcha.loading ? <Spin size="small" /> : t('captcha_reload')}</span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
