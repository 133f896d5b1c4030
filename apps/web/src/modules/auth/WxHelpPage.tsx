import { CompassOutlined, CopyOutlined, EllipsisOutlined, LoginOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, App, Button, Collapse, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton.tsx';
import { PublicFooter, PublicTopBar, usePublicTitle } from './PublicChrome.tsx';

const FAQ = ['downloads', 'exam', 'captcha', 'login'] as const;

/** /wx-help: using the platform from inside WeChat (open it in the browser, and why). */
export function WxHelpPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  usePublicTitle(t('wx_title'));
  const inWeChat = /MicroMessenger/i.test(navigator.userAgent);
  const link = `${window.location.origin}/login`;

  return (
    <div className="help-page" data-testid="wx-help-page">
      <PublicTopBar>
        <LinkButton to="/login" type="primary">
          {t('nav_login')}
        </LinkButton>
      </PublicTopBar>
      <main className="help-main">
        <header className="help-head">
          <span className="help-head-icon">
            <WechatOutlined />
          </span>
          <div>
            <h1>{t('wx_title')}</h1>
            <p>{t('wx_lead')}</p>
          </div>
        </header>
        {inWeChat && <Alert type="warning" showIcon className="help-alert" title={t('wx_detected')} />}
        <section className="help-card">
          <h2>{t('wx_steps_title')}</h2>
          <Steps
            orientation="vertical"
            current={-1}
            items={[
              {
                title: t('wx_step1_title'),
                content: t('wx_step1_text'),
                icon: <EllipsisOutlined />,
                status: 'process',
              },
              { title: t('wx_step2_title'), content: t('wx_step2_text'), icon: <CompassOutlined />, status: 'process' },
              { title: t('wx_step3_title'), content: t('wx_step3_text'), icon: <LoginOutlined />, status: 'process' },
            ]}
          />
          <div className="help-link-box">
            <code data-testid="wx-help-link">{link}</code>
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                navigator.clipboard
                  .writeText(link)
                  .then(() => message.success(t('wx_copied')))
                  .catch(() => message.info(t('wx_copy_manually')))
              }
            >
              {t('wx_copy')}
            </Button>
          </div>
        </section>
        <section className="help-card">
          <h2>{t('wx_faq_title')}</h2>
          <Collapse
            ghost
            items={FAQ.map((key) => ({
              key,
              label: t(`wx_faq_${key}_q`),
              children: <p className="help-answer">{t(`wx_faq_${key}_a`)}</p>,
            }))}
          />
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
