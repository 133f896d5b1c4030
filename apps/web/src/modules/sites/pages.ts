// The sites module's pages: one chunk, loaded only through a dynamic import.

export { MySitePage } from './my-site/MySitePage.tsx';
export { SiteDetailPage } from './SiteDetailPage.tsx';
export { SiteInvitationPage } from './SiteInvitationPage.tsx';
export { SiteListPage } from './SiteListPage.tsx';
