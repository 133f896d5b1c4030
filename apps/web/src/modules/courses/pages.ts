// The courses module's pages: one chunk, loaded only through a dynamic import. The teacher's side (the course list,
// categories, the course editor, the progress matrix and the reports beside it: one student, a class across courses,
// a course across classes) and the student's (my courses, a course's home, a material's self-test).

export { CourseCategoryPage } from './CourseCategoryPage.tsx';
export { CourseClassComparisonPage } from './CourseClassComparisonPage.tsx';
export { CourseClassesOfCoursePage } from './CourseClassesOfCoursePage.tsx';
export { CourseEditorPage } from './CourseEditorPage.tsx';
export { CourseExamPreviewPage } from './CourseExamPreviewPage.tsx';
export { CourseExamWizardPage, CourseRandomExamWizardPage } from './CourseExamWizardPage.tsx';
export { CourseHomePage } from './CourseHomePage.tsx';
export { CourseListPage } from './CourseListPage.tsx';
export { CourseMatrixPage } from './CourseMatrixPage.tsx';
export { CourseRankingPage } from './CourseRankingPage.tsx';
export { CourseStudentDetailPage } from './CourseStudentDetailPage.tsx';
export { MaterialSelfTestPage } from './MaterialSelfTestPage.tsx';
export { MyCoursesPage } from './MyCoursesPage.tsx';
