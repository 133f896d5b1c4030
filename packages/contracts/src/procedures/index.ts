import type { Procedure } from '../procedure.ts';
import { authProcedures } from './auth.ts';
import { systemProcedures } from './system.ts';
import { userSessionProcedures } from './user-session.ts';

export * from './auth.ts';
export * from './session-user.ts';
export * from './system.ts';
export * from './user-session.ts';

/** Every procedure of the contract. The server mounts exactly these; tests and OpenAPI walk them. */
export const PROCEDURE_CATALOGUE: readonly Procedure[] = [
  ...Object.values(authProcedures),
  ...Object.values(userSessionProcedures),
  ...Object.values(systemProcedures),
];
