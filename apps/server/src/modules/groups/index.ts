// Front door of the groups module (others import it only from here). Classes, team groups and user tags, and the
// students of classes for the modules that address classes.

export { classStudentsSql } from './class-students.queries.ts';
export { groupImplementations } from './groups.procedures.ts';
