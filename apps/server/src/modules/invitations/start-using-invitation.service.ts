import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findInvitation, invitationAuditState, lockInvitation } from './invitations.queries.ts';
import { invitationExpiry } from './invite-hours.ts';

/**
 * `/invitation/start-using`: puts the invitation in use and renews its validity (`invite_hours`, 48 h by default) from now. Allowed from either
 * status: on a link in use (perhaps expired) it is the way to renew it.
 */
export async function startUsingInvitation(ctx: TenantContext, input: { id: number }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await lockInvitation(tx, siteId, input.id);
    if (!before) throw new AppError('not_found');
    const [after] = await tx
      .update(schema.invitations)
      .set({ status: 'using', expiresAt: await invitationExpiry(tx, siteId) })
      .where(eq(schema.invitations.id, before.id))
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'invitation_start_using',
      targetType: 'invitation',
      targetId: before.id,
      details: { before: invitationAuditState(before), after: invitationAuditState(after!) },
      ip: ctx.ip,
    });
  });
  const row = await findInvitation(ctx.db, siteId, input.id);
  if (!row) throw new AppError('not_found');
  return row;
}
