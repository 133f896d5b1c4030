export { PracticeSetsPage } from './PracticeSetsPage.tsx';
