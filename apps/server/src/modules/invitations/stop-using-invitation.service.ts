import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findInvitation, invitationAuditState, lockInvitation } from './invitations.queries.ts';

/** `/invitation/stop-using`: the link no longer signs anyone up. Stopping a stopped link is a `conflict`. */
export async function stopUsingInvitation(ctx: TenantContext, input: { id: number }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await lockInvitation(tx, siteId, input.id);
    if (!before) throw new AppError('not_found');
    if (before.status === 'stopped') throw new AppError('conflict');
    const [after] = await tx
      .update(schema.invitations)
      .set({ status: 'stopped' })
      .where(eq(schema.invitations.id, before.id))
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'invitation_stop_using',
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
