export { SystemLogsPage } from './SystemLogsPage.tsx';
export { SystemSettingPage } from './SystemSettingPage.tsx';
export { UserStatPage } from './UserStatPage.tsx';
