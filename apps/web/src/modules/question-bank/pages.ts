// The question-bank module's pages: one chunk, loaded only through a dynamic import.

export { CategoryDetailPage } from './CategoryDetailPage.tsx';
export { CategoryPage } from './CategoryPage.tsx';
export { CategoryVerifyPage } from './CategoryVerifyPage.tsx';
export { DataVerifyPage } from './DataVerifyPage.tsx';
export { PrivateDataPage } from './PrivateDataPage.tsx';
export { QuestionDetailPage } from './QuestionDetailPage.tsx';
export { QuestionEditorPage } from './QuestionEditorPage.tsx';
export { QuestionListPage } from './QuestionListPage.tsx';
export { RecordsPage } from './RecordsPage.tsx';
export { SearchRecordsPage } from './SearchRecordsPage.tsx';
export { SelfDataCategoryPage } from './SelfDataCategoryPage.tsx';
export { SimilarPage } from './SimilarPage.tsx';
