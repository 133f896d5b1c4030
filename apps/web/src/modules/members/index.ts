export { MemberDetailPage } from './MemberDetailPage.tsx';
export { MemberListPage } from './MemberListPage.tsx';
export { SiteHomePage } from './SiteHomePage.tsx';
