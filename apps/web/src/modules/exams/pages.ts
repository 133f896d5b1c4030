// The exams module's pages: one chunk, loaded only through a dynamic import.

export { ExamListPage } from './ExamListPage.tsx';
export { ExamWizardPage } from './ExamWizardPage.tsx';
export { PaperAnalysisPage } from './PaperAnalysisPage.tsx';
export { StudentAttemptPage } from './StudentAttemptPage.tsx';
export { TeacherExamDetailPage } from './TeacherExamDetailPage.tsx';
