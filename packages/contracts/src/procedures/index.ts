import type { Procedure } from '../procedure.ts';
import { authProcedures } from './auth.ts';
import { dashboardProcedures } from './dashboards.ts';
import { classGroupProcedures } from './groups.ts';
import { invitationProcedures } from './invitations.ts';
import { memberProcedures } from './members.ts';
import { myInfoProcedures } from './my-info.ts';
import { platformUserProcedures } from './platform-users.ts';
import { registrationProcedures } from './registration.ts';
import { roleProcedures } from './roles.ts';
import { settingProcedures } from './settings.ts';
import { siteProcedures } from './sites.ts';
import { systemProcedures } from './system.ts';
import { systemAdminProcedures } from './system-admin.ts';
import { teacherProcedures } from './teachers.ts';
import { todoProcedures } from './todo.ts';
import { userSessionProcedures } from './user-session.ts';

export * from './auth.ts';
export * from './dashboards.ts';
export * from './groups.ts';
export * from './invitations.ts';
export * from './members.ts';
export * from './my-info.ts';
export * from './platform-users.ts';
export * from './registration.ts';
export * from './roles.ts';
export * from './session-user.ts';
export * from './settings.ts';
export * from './sites.ts';
export * from './system.ts';
export * from './system-admin.ts';
export * from './teachers.ts';
export * from './todo.ts';
export * from './user-session.ts';

/** Every procedure of the contract. The server mounts exactly these; tests and OpenAPI walk them. */
export const PROCEDURE_CATALOGUE: readonly Procedure[] = [
  ...Object.values(authProcedures),
  ...Object.values(userSessionProcedures),
  ...Object.values(myInfoProcedures),
  ...Object.values(systemProcedures),
  ...Object.values(todoProcedures),
  ...Object.values(memberProcedures),
  ...Object.values(dashboardProcedures),
  ...Object.values(registrationProcedures),
  ...Object.values(roleProcedures),
  ...Object.values(siteProcedures),
  ...Object.values(settingProcedures),
  ...Object.values(systemAdminProcedures),
  ...Object.values(invitationProcedures),
  ...Object.values(classGroupProcedures),
  ...Object.values(teacherProcedures),
  ...Object.values(platformUserProcedures),
];

type Groups = typeof authProcedures &
  typeof userSessionProcedures &
  typeof myInfoProcedures &
  typeof systemProcedures &
  typeof todoProcedures &
  typeof memberProcedures &
  typeof dashboardProcedures &
  typeof registrationProcedures &
  typeof roleProcedures &
  typeof siteProcedures &
  typeof settingProcedures &
  typeof systemAdminProcedures &
  typeof invitationProcedures &
  typeof classGroupProcedures &
  typeof teacherProcedures &
  typeof platformUserProcedures;
type AnyProcedure = Groups[keyof Groups];

/** The path of every procedure: the web client names a procedure by it (`api('/user/detail', {})`). */
export type ProcedurePath = AnyProcedure['path'];
/** The procedure declared at a path, with its input and output types. */
export type ProcedureAt<P extends ProcedurePath> = Extract<AnyProcedure, { path: P }>;
