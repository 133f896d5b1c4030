import { randomBytes } from 'node:crypto';
import type { TAuditAction } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { invitationAuditState } from './invitations.queries.ts';
import { invitationExpiry } from './invite-hours.ts';

/** A new link token: 24 random bytes, base64url (32 characters, safe in a path). */
export function newInvitationToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Inserts an invitation in use for the organisation's `invite_hours` (48 by default) from now and writes its audit line, in the caller's transaction. */
export async function insertInvitation(
  tx: Executor,
  ctx: TenantContext,
  remarks: string,
  audit: { action: TAuditAction; details?: Record<string, unknown> } = { action: 'invitation_create' },
  siteId: number = ctx.session.siteId,
) {
  const [created] = await tx
    .insert(schema.invitations)
    .values({
      siteId,
      token: newInvitationToken(),
      remarks,
      status: 'using',
      createdBy: ctx.session.userId,
      expiresAt: await invitationExpiry(tx, siteId),
    })
    .returning();
  await recordAudit(tx, {
    siteId: ctx.session.siteId,
    userId: ctx.session.userId,
    action: audit.action,
    targetType: 'invitation',
    targetId: created!.id,
    details: { before: null, after: invitationAuditState(created!), ...audit.details },
    ip: ctx.ip,
  });
  return created!;
}
