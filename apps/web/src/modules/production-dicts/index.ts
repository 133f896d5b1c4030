export { DictListPage } from './DictListPage.tsx';
