export { CdkeyManagePage } from './CdkeyManagePage.tsx';
export { MyCdkeyPage } from './MyCdkeyPage.tsx';
