// The cdkeys module's pages: one chunk, loaded only through a dynamic import.

export { CdkeyManagePage } from './CdkeyManagePage.tsx';
export { MyCdkeyPage } from './MyCdkeyPage.tsx';
