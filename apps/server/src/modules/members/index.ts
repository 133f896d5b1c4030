// Front door of the members module (others import it only from here). Members of an organisation: the procedures, and
// the member list organisation administration shows.

export { memberImplementations } from './members.procedures.ts';
export { listSiteMembers, memberRow } from './members.queries.ts';
