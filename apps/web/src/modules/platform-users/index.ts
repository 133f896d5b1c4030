export { UserDetailPage } from './UserDetailPage.tsx';
export { UserListPage } from './UserListPage.tsx';
