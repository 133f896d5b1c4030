// Front door of the invitations module (others import it only from here). Invitations: the procedures, and creating and
// listing them for organisation administration.

export { createInvitation } from './create-invitation.service.ts';
export { invitationImplementations } from './invitations.procedures.ts';
export { listInvitationRecords, presentInvitation } from './invitations.queries.ts';
