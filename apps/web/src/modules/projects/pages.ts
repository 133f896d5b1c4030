// The projects module's pages: one chunk, loaded only through a dynamic import.

export { ProjectAuditPage } from './ProjectAuditPage.tsx';
export { ProjectDetailPage } from './ProjectDetailPage.tsx';
export { ProjectListPage } from './ProjectListPage.tsx';
export { ProjectWizardPage } from './ProjectWizardPage.tsx';
