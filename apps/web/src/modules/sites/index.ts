export { MySitePage } from './my-site/MySitePage.tsx';
export { SiteDetailPage } from './SiteDetailPage.tsx';
export { SiteInvitationPage } from './SiteInvitationPage.tsx';
export { SiteListPage } from './SiteListPage.tsx';
