import { schema } from '@app/db';
import { inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { lockPendingMemberships } from './pending-memberships.ts';

/** `/user/approve`: the pending memberships become active; the people can then log in to the organisation. */
export async function approveMembers(ctx: TenantContext, input: { ids: number[] }) {
  const { siteId, userId } = ctx.session;
  const approved = await ctx.db.transaction(async (tx) => {
    const rows = await lockPendingMemberships(tx, siteId, input.ids);
    await tx
      .update(schema.siteUsers)
      .set({ status: 'active' })
      .where(
        inArray(
          schema.siteUsers.id,
          rows.map((r) => r.id),
        ),
      );
    for (const row of rows) {
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'member_approve',
        targetType: 'membership',
        targetId: row.id,
        details: { user_id: row.userId, before: { status: 'pending' }, after: { status: 'active' } },
        ip: ctx.ip,
      });
    }
    return rows;
  });
  for (const row of approved) await notifyUserChanged(ctx.deps, row.userId);
  return { count: approved.length };
}
