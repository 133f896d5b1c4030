import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { insertInvitation } from './insert-invitation.ts';
import { findInvitation } from './invitations.queries.ts';

/**
 * `/invitation/create`: a new link of the caller's organisation, in use for `invite_hours` (48 h by default); `/site/invitation-create`
 * names the organisation (the audit line stays in the caller's organisation and names the target).
 */
export async function createInvitation(
  ctx: TenantContext,
  input: { remarks: string },
  siteId: number = ctx.session.siteId,
) {
  const audit =
    siteId === ctx.session.siteId
      ? undefined
      : { action: 'invitation_create' as const, details: { invitation_site_id: siteId } };
  const created = await ctx.db.transaction((tx) => insertInvitation(tx, ctx, input.remarks, audit, siteId));
  const row = await findInvitation(ctx.db, siteId, created.id);
  if (!row) throw new AppError('not_found');
  return row;
}
