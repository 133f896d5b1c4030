// Front door of the registration module (others import it only from here). Signing up through an invitation.

export { registrationImplementations } from './registration.procedures.ts';
