// Front door of the packs module: what other modules use (its pages are in pages.ts).

export { ExportTab } from './ExportTab.tsx';
