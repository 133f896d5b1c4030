export { MemberListPage } from './MemberListPage.tsx';
