import { INVITATION_LIMITS, invitationProcedures as p } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { approveMembers } from './approve-members.service.ts';
import { createInvitation } from './create-invitation.service.ts';
import { deleteInvitation } from './delete-invitation.service.ts';
import { findInvitation, listInvitations, listPendingMembers } from './invitations.queries.ts';
import { inviteEmails } from './invite-emails.service.ts';
import { inviteHours } from './invite-hours.ts';
import { rejectMembers } from './reject-members.service.ts';
import { startUsingInvitation } from './start-using-invitation.service.ts';
import { stopUsingInvitation } from './stop-using-invitation.service.ts';
import { updateInvitation } from './update-invitation.service.ts';

/** Invitations of the caller's organisation and the approval of the people who sign up through them. */
export const invitationImplementations = [
  implement(p.invitationList, async (input, ctx) => {
    const { rows, total } = await listInvitations(ctx.db, ctx.session.siteId, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.invitationDetail, async (input, ctx) => {
    const row = await findInvitation(ctx.db, ctx.session.siteId, input.id);
    if (!row) throw new AppError('not_found');
    return row;
  }),
  implement(p.invitationForm, async (_input, ctx) => ({
    validity_hours: await inviteHours(ctx.db, ctx.session.siteId),
    remarks_max: INVITATION_LIMITS.remarks,
    email_lines_max: INVITATION_LIMITS.emailLines,
  })),
  implement(p.invitationCreate, async (input, ctx) => createInvitation(ctx, input)),
  implement(p.invitationUpdate, async (input, ctx) => updateInvitation(ctx, input)),
  implement(p.invitationDelete, async (input, ctx) => deleteInvitation(ctx, input)),
  implement(p.invitationStartUsing, async (input, ctx) => startUsingInvitation(ctx, input)),
  implement(p.invitationStopUsing, async (input, ctx) => stopUsingInvitation(ctx, input)),
  implement(p.invitationInviteEmails, async (input, ctx) => inviteEmails(ctx, input)),
  implement(p.pendingList, async (input, ctx) => {
    const { rows, total } = await listPendingMembers(ctx.db, ctx.session.siteId, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.approve, async (input, ctx) => approveMembers(ctx, input)),
  implement(p.reject, async (input, ctx) => rejectMembers(ctx, input)),
];
