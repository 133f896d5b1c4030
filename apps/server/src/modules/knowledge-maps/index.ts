// Front door of the knowledge-maps module (others import it only from here). Knowledge maps: the procedures, the
// check that questions may link nodes, and where the courses module says who takes part in a course (course maps).

export { type CourseRoleReader, registerCourseRoles } from './course-roles.ts';
export { knowledgeMapImplementations } from './knowledge-maps.procedures.ts';
export { assertNodesLinkable } from './knowledge-nodes.queries.ts';
