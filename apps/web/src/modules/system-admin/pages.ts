// The system-admin module's pages: one chunk, loaded only through a dynamic import.

export { SystemLogsPage } from './SystemLogsPage.tsx';
export { SystemSettingPage } from './SystemSettingPage.tsx';
export { UserStatPage } from './UserStatPage.tsx';
