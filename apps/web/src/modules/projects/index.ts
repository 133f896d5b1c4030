export { ProjectAuditPage } from './ProjectAuditPage.tsx';
export { ProjectDetailPage } from './ProjectDetailPage.tsx';
export { ProjectListPage } from './ProjectListPage.tsx';
export { ProjectWizardPage } from './ProjectWizardPage.tsx';
