export { SiteDetailPage } from './SiteDetailPage.tsx';
export { SiteListPage } from './SiteListPage.tsx';
