import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { invitationAuditState, lockInvitation } from './invitations.queries.ts';

/**
 * `/invitation/delete`: removes one of the organisation's invitations; its link stops working. People who
 * signed up through it keep their memberships (pending ones still wait for approval).
 */
export async function deleteInvitation(ctx: TenantContext, input: { id: number }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await lockInvitation(tx, siteId, input.id);
    if (!before) throw new AppError('not_found');
    await tx.delete(schema.invitations).where(eq(schema.invitations.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'invitation_delete',
      targetType: 'invitation',
      targetId: before.id,
      details: { before: { ...invitationAuditState(before), token: before.token }, after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
