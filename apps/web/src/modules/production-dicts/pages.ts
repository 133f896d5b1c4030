// The production-dicts module's pages: one chunk, loaded only through a dynamic import.

export { DictListPage } from './DictListPage.tsx';
