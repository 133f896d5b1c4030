import { Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { forgetOpenTabs } from '../../shared/open-tabs.ts';
import { LinkButton } from './LinkButton.tsx';
import { PublicFooter, PublicTopBar, usePublicTitle } from './PublicChrome.tsx';
import { quickLogin } from './queries.ts';

/** /quicklogin/{access_token}: spends the one-time token for a session and goes to /; on failure says why. */
export function QuickLoginPage() {
  const { t } = useTranslation('auth');
  const { access_token: token = '' } = useParams();
  const [error, setError] = useState('');
  const started = useRef(false);
  usePublicTitle(t('quick_login_title'));

  useEffect(() => {
    // The token is single use: never spend it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    quickLogin(token)
      .then(() => {
        forgetOpenTabs();
        window.location.assign('/');
      })
      .catch((failure: unknown) => setError(errorMessage(failure) || t('quick_login_failed')));
  }, [token, t]);

  return (
    <div className="access-page access-frame">
      <PublicTopBar />
      <main className="access-main">
        <div className="access-card access-card-single" data-testid="quick-login-page">
          {error ? (
            <Result
              status="warning"
              title={t('quick_login_failed')}
              subTitle={<span data-testid="quick-login-error">{error}</span>}
              extra={
                <LinkButton to="/login" type="primary" size="large" data-testid="quick-login-to-login">
                  {t('go_to_login')}
                </LinkButton>
              }
            />
          ) : (
            <div className="quick-login-progress">
              <Spin size="large" />
              <p>{t('quick_login_progress')}</p>
            </div>
          )}
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
