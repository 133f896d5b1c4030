// Front door of the iam module (others import it only from here). Identity and access: users and sites, the session
// user, menus, shell settings, the built-in roles' grants.

export { iamImplementations } from './iam.procedures.ts';
export type { UserRow } from './iam.queries.ts';
export { emailInUse, findSiteById, findUserById, findUserByLogin } from './iam.queries.ts';
export type { MenuEntryRow } from './menu-layout.ts';
export { effectiveMenu, titleIn } from './menu-layout.ts';
export { permittedModules } from './menus.ts';
export { chooseWorkingPlace, presentSessionUser } from './session-user.ts';
export { mergeShellSettings, SHELL_SETTING_DEFAULTS } from './settings.queries.ts';
export { permissionKeys, syncBuiltinAccess, syncedGrantsOf } from './sync-builtin-access.ts';
