import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { otherClassesOf } from './group-members.queries.ts';

const { groups, groupMembers, siteUsers } = schema;

/**
 * `/group/join-by-code`: the caller joins an open class of their current organisation by its code (codes
 * are read case-insensitively). A student is in one class at most: `already_in_class` when in another one,
 * also when two joins race (the database's one-class index refuses the second). Joining the same class again
 * answers it.
 */
export async function joinClassByCode(ctx: AuthedContext, input: { code: string }) {
  const { siteId, userId } = ctx.session;
  if (siteId === null) throw new AppError('not_found');
  const code = input.code.trim().toUpperCase();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [group] = await tx
        .select()
        .from(groups)
        .where(and(eq(groups.siteId, siteId), eq(groups.kind, 'class'), eq(groups.joinCode, code)));
      if (!group) throw new AppError('not_found');
      const [membership] = await tx
        .select({ id: siteUsers.id, status: siteUsers.status })
        .from(siteUsers)
        .where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.userId, userId)));
      if (membership?.status !== 'active') throw new AppError('no_membership');
      const [already] = await tx
        .select({ groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.siteUserId, membership.id)));
      if (already) return { id: group.id, name: group.name };
      if (group.status !== 'open') throw new AppError('group_closed');
      const [other] = await otherClassesOf(tx, [membership.id], group.id);
      if (other) throw new AppError('already_in_class', { names: other.groupName }, { class_name: other.groupName });
      await tx.insert(groupMembers).values({ groupId: group.id, siteUserId: membership.id, kind: 'class' });
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'group_join',
        targetType: 'group',
        targetId: group.id,
        details: { before: null, after: { user_ids: [userId] } },
        ip: ctx.ip,
      });
      return { id: group.id, name: group.name };
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'group_members_one_class') throw new AppError('already_in_class', { names: '' });
    throw error;
  }
}
