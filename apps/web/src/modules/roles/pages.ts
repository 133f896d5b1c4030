// The roles module's pages: one chunk, loaded only through a dynamic import.

import './access-admin.css';

export { GroupListPage } from './GroupListPage.tsx';
export { MenuListPage } from './MenuListPage.tsx';
export { PermissionListPage } from './PermissionListPage.tsx';
export { RoleEditPage } from './RoleEditPage.tsx';
export { RoleListPage } from './RoleListPage.tsx';
