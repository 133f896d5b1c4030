export { OnlineUsersPage } from './OnlineUsersPage.tsx';
export { UserDetailPage } from './UserDetailPage.tsx';
export { UserListPage } from './UserListPage.tsx';
