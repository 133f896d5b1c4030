// The annotation-templates module's pages: one chunk, loaded only through a dynamic import.

export { CategoryListPage } from './CategoryListPage.tsx';
export { TemplateListPage } from './TemplateListPage.tsx';
