// The members module's pages: one chunk, loaded only through a dynamic import.

export { MemberDetailPage } from './MemberDetailPage.tsx';
export { MemberListPage } from './MemberListPage.tsx';
export { SiteHomePage } from './SiteHomePage.tsx';
