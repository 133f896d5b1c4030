// Front door of the platform-users module (others import it only from here). Platform user management.

export { platformUserImplementations } from './platform-users.procedures.ts';
