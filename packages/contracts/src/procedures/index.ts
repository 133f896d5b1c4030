import type { Procedure } from '../procedure.ts';
import { authProcedures } from './auth.ts';
import { dashboardProcedures } from './dashboards.ts';
import { memberProcedures } from './members.ts';
import { myInfoProcedures } from './my-info.ts';
import { registrationProcedures } from './registration.ts';
import { systemProcedures } from './system.ts';
import { todoProcedures } from './todo.ts';
import { userSessionProcedures } from './user-session.ts';

export * from './auth.ts';
export * from './dashboards.ts';
export * from './members.ts';
export * from './my-info.ts';
export * from './registration.ts';
export * from './session-user.ts';
export * from './system.ts';
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
];
