import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { lockMembershipsOfUsers } from './group-members.queries.ts';
import { loadGroup } from './groups.queries.ts';

/** `/group/user-delete`: removes members from a group (people who are not in it are ignored). */
export async function removeGroupMembers(ctx: TenantContext, input: { group_id: number; user_ids: number[] }) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const group = await loadGroup(tx, ctx, input.group_id, true);
    const memberships = await lockMembershipsOfUsers(tx, siteId, input.user_ids);
    const removed = await tx
      .delete(schema.groupMembers)
      .where(
        and(
          eq(schema.groupMembers.groupId, group.id),
          inArray(
            schema.groupMembers.siteUserId,
            memberships.map((m) => m.siteUserId),
          ),
        ),
      )
      .returning({ siteUserId: schema.groupMembers.siteUserId });
    if (removed.length) {
      const removedIds = new Set(removed.map((r) => r.siteUserId));
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'group_member_remove',
        targetType: 'group',
        targetId: group.id,
        details: {
          before: { user_ids: memberships.filter((m) => removedIds.has(m.siteUserId)).map((m) => m.userId) },
          after: null,
        },
        ip: ctx.ip,
      });
    }
    return { removed: removed.length };
  });
}
