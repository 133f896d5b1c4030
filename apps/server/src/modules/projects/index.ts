// Front door of the projects module (others import it only from here). Annotation projects: the procedures, and the
// check that people are active members.

export { requireActiveMembers } from './project-people.queries.ts';
export { projectImplementations } from './projects.procedures.ts';
export { projectSetupImplementations } from './projects-setup.procedures.ts';
