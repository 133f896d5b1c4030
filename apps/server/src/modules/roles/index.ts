// Front door of the roles module (others import it only from here). Roles, groups, permissions and menus: the
// procedures, and a role's display name.

export { roleImplementations } from './roles.procedures.ts';
export { roleDisplayName } from './roles.queries.ts';
