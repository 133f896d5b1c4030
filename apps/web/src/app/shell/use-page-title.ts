import { useEffect } from 'react';

/** Page title `<route title> - <site name>`; the favicon becomes the site's icon_logo. */
export function usePageTitle(routeTitle: string | undefined, siteName: string, iconLogo: string | null): void {
  useEffect(() => {
    document.title = routeTitle ? `${routeTitle} - ${siteName}` : siteName;
  }, [routeTitle, siteName]);
  useEffect(() => {
    if (!iconLogo) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = iconLogo;
  }, [iconLogo]);
}
