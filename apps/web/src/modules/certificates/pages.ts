// The certificates module's pages: one chunk, loaded only through a dynamic import.

export { CertManagePage } from './CertManagePage.tsx';
export { MyCertsList } from './MyCertsList.tsx';
export { ManagerCertsPage, MyCertsPage } from './MyCertsPage.tsx';
export { CertCodeListPage, CertDispenseListPage, CertUserListPage } from './PlatformCertPages.tsx';
