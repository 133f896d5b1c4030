// The practice-sets module's pages: one chunk, loaded only through a dynamic import.

export { PracticeSetsPage } from './PracticeSetsPage.tsx';
