// Front door of the groups module (others import it only from here). Classes, team groups and user tags.

export { groupImplementations } from './groups.procedures.ts';
