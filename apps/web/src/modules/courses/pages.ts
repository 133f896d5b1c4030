// The courses module's pages: one chunk, loaded only through a dynamic import. The teacher's side (the course list,
// categories, the course editor, the progress matrix) and the student's (my courses, a course's home).

export { CourseCategoryPage } from './CourseCategoryPage.tsx';
export { CourseEditorPage } from './CourseEditorPage.tsx';
export { CourseHomePage } from './CourseHomePage.tsx';
export { CourseListPage } from './CourseListPage.tsx';
export { CourseMatrixPage } from './CourseMatrixPage.tsx';
export { MyCoursesPage } from './MyCoursesPage.tsx';
