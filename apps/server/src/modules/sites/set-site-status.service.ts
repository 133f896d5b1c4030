import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findSiteById } from '../iam/index.ts';
import { auditSnapshot } from './sites.queries.ts';

const { sites } = schema;

/**
 * Opens or closes an organisation. Only an open one closes and only a closed one opens (a stale screen gets
 * `conflict` and nothing changes); the caller's current organisation is not closed (`site_in_use`), which
 * would lock the caller out. After the commit every instance drops its cached sessions, so members of a
 * closed organisation lose it at once (`no_membership` on their next call, `site_closed` at login).
 */
export async function setSiteStatus(
  ctx: TenantContext,
  id: number,
  status: 'open' | 'closed',
): Promise<{ id: number; status: 'open' | 'closed' }> {
  if (status === 'closed' && id === ctx.session.siteId) throw new AppError('site_in_use');
  const from = status === 'open' ? 'closed' : 'open';
  await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(sites)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(sites.id, id), eq(sites.status, from)))
      .returning();
    if (!after) throw new AppError((await findSiteById(tx, id)) ? 'conflict' : 'not_found');
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: status === 'open' ? 'site_open' : 'site_close',
      targetType: 'site',
      targetId: id,
      details: { before: { ...auditSnapshot(after), status: from }, after: auditSnapshot(after) },
      ip: ctx.ip,
    });
  });
  await ctx.deps.hub.broadcastToInstances({ kind: 'access_changed' });
  return { id, status };
}
