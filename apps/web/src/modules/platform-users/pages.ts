// The platform-users module's pages: one chunk, loaded only through a dynamic import.

export { OnlineUsersPage } from './OnlineUsersPage.tsx';
export { UserDetailPage } from './UserDetailPage.tsx';
export { UserListPage } from './UserListPage.tsx';
