import { registerCourseRoles } from '../knowledge-maps/index.ts';
import { courseRoleOf, loadCourse } from './course-access.queries.ts';

// Knowledge maps made for a course are edited by whoever may edit the course: the knowledge-maps module asks here
// (docs/knowledge-maps.md, "Course maps"). A course of another organisation answers not_found.
registerCourseRoles(async (db, siteId, caller, courseId) => {
  const course = await loadCourse(db, siteId, courseId);
  return { role: await courseRoleOf(db, caller, course), archived: course.status === 'archived' };
});
