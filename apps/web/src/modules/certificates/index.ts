export { CertManagePage } from './CertManagePage.tsx';
export { MyCertsList } from './MyCertsList.tsx';
export { ManagerCertsPage, MyCertsPage } from './MyCertsPage.tsx';
export { CertCodeListPage, CertDispenseListPage, CertUserListPage } from './PlatformCertPages.tsx';
