import { schema } from '@app/db';
import { inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { lockPendingMemberships } from './pending-memberships.ts';

/**
 * `/user/reject`: deletes the pending memberships (with their roles). The accounts stay, without this
 * organisation: they can still be members elsewhere, and cannot log in here.
 */
export async function rejectMembers(ctx: TenantContext, input: { ids: number[] }) {
  const { siteId, userId } = ctx.session;
  const rejected = await ctx.db.transaction(async (tx) => {
    const rows = await lockPendingMemberships(tx, siteId, input.ids);
    await tx.delete(schema.siteUsers).where(
      inArray(
        schema.siteUsers.id,
        rows.map((r) => r.id),
      ),
    );
    for (const row of rows) {
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'member_reject',
        targetType: 'membership',
        targetId: row.id,
        details: { user_id: row.userId, before: { status: 'pending' }, after: null },
        ip: ctx.ip,
      });
    }
    return rows;
  });
  for (const row of rejected) await notifyUserChanged(ctx.deps, row.userId);
  return { count: rejected.length };
}
