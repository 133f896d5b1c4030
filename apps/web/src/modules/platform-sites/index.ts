export { SiteDetailPage } from './SiteDetailPage.tsx';
export { SiteInvitationPage } from './SiteInvitationPage.tsx';
export { SiteListPage } from './SiteListPage.tsx';
