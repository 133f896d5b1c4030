export { MemberListPage } from './MemberListPage.tsx';
export { SiteHomePage } from './SiteHomePage.tsx';
