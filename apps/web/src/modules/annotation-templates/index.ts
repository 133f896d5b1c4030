export { CategoryListPage } from './CategoryListPage.tsx';
export { TemplateListPage } from './TemplateListPage.tsx';
