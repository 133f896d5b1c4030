import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findInvitation, invitationAuditState, lockInvitation } from './invitations.queries.ts';

/** `/invitation/update`: changes the remarks of one of the organisation's invitations. */
export async function updateInvitation(ctx: TenantContext, input: { id: number; remarks: string }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await lockInvitation(tx, siteId, input.id);
    if (!before) throw new AppError('not_found');
    const [after] = await tx
      .update(schema.invitations)
      .set({ remarks: input.remarks })
      .where(eq(schema.invitations.id, before.id))
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'invitation_update',
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
