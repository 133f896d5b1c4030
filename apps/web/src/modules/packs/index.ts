export { ExportTab } from './ExportTab.tsx';
export { PackListPage } from './PackListPage.tsx';
