// The packs module's pages: one chunk, loaded only through a dynamic import.

export { PackListPage } from './PackListPage.tsx';
