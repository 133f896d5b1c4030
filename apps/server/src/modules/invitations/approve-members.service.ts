import { schema } from '@app/db';
import { inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { lockMemberships } from './invitations.queries.ts';

/**
 * Locks the organisation's memberships named by `ids`, all of which must be pending: an id of another
 * organisation (or of none) answers `not_found`, an already active membership `conflict`; nothing changes then.
 */
export async function lockPendingMemberships(tx: Parameters<typeof lockMemberships>[0], siteId: number, ids: number[]) {
  const rows = await lockMemberships(tx, siteId, ids);
  if (rows.length !== ids.length) throw new AppError('not_found');
  if (rows.some((r) => r.status !== 'pending')) throw new AppError('conflict');
  return rows;
}

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
