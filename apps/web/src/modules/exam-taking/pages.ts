// The exam-taking module's pages: one chunk, loaded only through a dynamic import.

export { ExamDetailPage } from './ExamDetailPage.tsx';
export { ExamPage } from './ExamPage.tsx';
export { MyExamPage } from './MyExamPage.tsx';
export { MyExamRecordPage } from './MyExamRecordPage.tsx';
export { PreExamPage } from './PreExamPage.tsx';
