// Front door of the teachers module (others import it only from here). Teachers of an organisation.

export { teacherImplementations } from './teachers.procedures.ts';
