export { ExportTab } from './ExportTab.tsx';
