import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditSnapshot, lockSite, memberCounts } from './sites.queries.ts';

/**
 * Deletes an organisation; its memberships, roles held there, invitations and settings go with it (cascade).
 * The caller's current organisation is refused (`site_in_use`). People working in it have no current
 * organisation afterwards: their open sessions answer `no_membership`, and their next login picks another
 * of their organisations. Every instance drops its cached sessions after the commit.
 */
export async function deleteSite(ctx: TenantContext, id: number): Promise<{ ok: true }> {
  if (id === ctx.session.siteId) throw new AppError('site_in_use');
  await ctx.db.transaction(async (tx) => {
    const site = await lockSite(tx, id);
    if (!site) throw new AppError('not_found');
    const members = await memberCounts(tx, id);
    await tx.update(schema.users).set({ currentSiteId: null }).where(eq(schema.users.currentSiteId, id));
    await tx.delete(schema.sites).where(eq(schema.sites.id, id));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: 'site_delete',
      targetType: 'site',
      targetId: id,
      details: { before: { ...auditSnapshot(site), members }, after: null },
      ip: ctx.ip,
    });
  });
  await ctx.deps.hub.broadcastToInstances({ kind: 'access_changed' });
  return { ok: true };
}
