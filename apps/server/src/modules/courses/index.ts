// Front door of the courses module (others import it only from here). Courses: the teacher's side (categories,
// courses, chapters, tasks), the student's side (my courses, a course's home, progress), their to-do items, and the
// teacher's analysis (the class × task matrix, one student, a class across courses, a course across classes).

// Tells the knowledge-maps module who may edit a course's maps (registered when this module loads).
import './course-map-roles.ts';

export { type CourseCaller, type CourseNeed, requireCourse, requireEditableCourse } from './course-access.queries.ts';
export { requireStudentCourse } from './course-learning.queries.ts';
export { registerCourseMaterialRoute } from './course-material.route.ts';
export { courseClassIds, requireClasses, requireCourseTeachers } from './course-team.queries.ts';
export { courseImplementations } from './courses.procedures.ts';
export { courseAnalysisImplementations } from './courses-analysis.procedures.ts';
export { courseCategoryImplementations } from './courses-categories.procedures.ts';
export { courseContentImplementations } from './courses-content.procedures.ts';
export { courseLearningImplementations } from './courses-learning.procedures.ts';
export { courseReportImplementations } from './courses-reports.procedures.ts';
