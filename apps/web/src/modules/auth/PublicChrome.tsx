import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LangSwitcher } from '../../shared/LangSwitcher.tsx';
import { BrandMark } from './BrandMark.tsx';
import { publicSiteQuery } from './queries.ts';
import './access.css';

/** The organisation shown on the public pages (the one whose domain is the host, else the first). */
export function usePublicSite() {
  return useQuery({ ...publicSiteQuery(), staleTime: 5 * 60_000 });
}

/** Page title of a public page: its title, then '-', then the product name. */
export function usePublicTitle(title: string): void {
  const { t } = useTranslation('common');
  const product = t('product_name');
  useEffect(() => {
    document.title = title ? `${title} - ${product}` : product;
  }, [title, product]);
}

/** Top bar of the public pages: the product, optional links, the language switcher. */
export function PublicTopBar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <header className="public-topbar">
      <Link to="/home" className="public-brand" data-testid="public-brand">
        <BrandMark size={30} />
        <span>{t('product_name')}</span>
      </Link>
      <div className="public-topbar-actions">
        {children}
        <LangSwitcher />
      </div>
    </header>
  );
}

export function PublicFooter() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <footer className="public-footer">
      <span>
        © {new Date().getFullYear()} {t('common:product_name')}
      </span>
      <span className="public-footer-links">
        <Link to="/home">{t('footer_about')}</Link>
        <Link to="/wx-help">{t('footer_wx_help')}</Link>
        <Link to="/login">{t('footer_login')}</Link>
      </span>
    </footer>
  );
}
