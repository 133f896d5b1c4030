export { OnlineUsersPage } from './OnlineUsersPage.tsx';
export { PlatformHomePage } from './PlatformHomePage.tsx';
