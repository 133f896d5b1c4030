import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFooter, PublicTopBar, usePublicSite, usePublicTitle } from './PublicChrome.tsx';

const HIGHLIGHTS = ['aside_point_learning', 'aside_point_exam', 'aside_point_annotation'] as const;

/**
 * The frame of the sign-in pages: top bar with the language switcher, a centred card whose left side
 * presents the product and the organisation, and the form on the right.
 */
export function AccessLayout({
  title,
  subtitle,
  topLinks,
  children,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  topLinks?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const site = usePublicSite();
  usePublicTitle(title);
  const siteName = site.data?.site.name;
  return (
    <div className="access-page access-frame">
      <PublicTopBar>{topLinks}</PublicTopBar>
      <main className="access-main">
        <div className="access-card" data-testid={testId}>
          <aside className="access-aside">
            <div className="access-aside-body">
              {siteName && (
                <div className="access-aside-site" data-testid="public-site-name">
                  {siteName}
                </div>
              )}
              <h2 className="access-aside-title">{t('common:product_name')}</h2>
              <p className="access-aside-tagline">{t('aside_tagline')}</p>
              <ul className="access-aside-points">
                {HIGHLIGHTS.map((key) => (
                  <li key={key}>
                    <CheckCircleFilled />
                    <span>{t(key)}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="access-aside-foot">{t('aside_foot')}</div>
          </aside>
          <section className="access-form-pane">
            <header className="access-form-head">
              <h1>{title}</h1>
              {subtitle && <div className="access-form-subtitle">{subtitle}</div>}
            </header>
            {children}
          </section>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
