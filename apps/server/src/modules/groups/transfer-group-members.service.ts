import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type MemberFailure, refusal } from './add-group-members.service.ts';
import { lockMembershipsOfUsers, membersAmong } from './group-members.queries.ts';
import { loadGroup } from './groups.queries.ts';

/**
 * `/group/transfer`: moves members from one team group to another. Those not in the first group, without a
 * team role (role_team_operator / role_team_admin) or with a pending membership come back as failures with
 * their reason; the others are moved. Both groups must be team groups (`invalid_input` otherwise).
 * `/group/user-update` moves one member with the same rules between two groups of the same kind, classes
 * included (`kinds`): a student leaves one class for the other, so stays in one class at most.
 */
export async function transferGroupMembers(
  ctx: TenantContext,
  input: { from_group_id: number; to_group_id: number; user_ids: number[] },
  kinds: readonly ('class' | 'team')[] = ['team'],
) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const [firstId, secondId] = [input.from_group_id, input.to_group_id].sort((a, b) => a - b);
    const locked = [await loadGroup(tx, ctx, firstId!, true), await loadGroup(tx, ctx, secondId!, true)];
    const from = locked.find((g) => g.id === input.from_group_id)!;
    const to = locked.find((g) => g.id === input.to_group_id)!;
    if (!kinds.includes(from.kind) || from.kind !== to.kind || from.id === to.id) throw new AppError('invalid_input');
    const memberships = await lockMembershipsOfUsers(tx, siteId, input.user_ids);
    const inFrom = await membersAmong(
      tx,
      from.id,
      memberships.map((m) => m.siteUserId),
    );
    const failures: MemberFailure[] = [];
    const moving: number[] = [];
    for (const m of memberships) {
      const reason = inFrom.has(m.siteUserId) ? refusal(from.kind, m) : 'not_in_group';
      if (reason) failures.push({ user_id: m.userId, reason });
      else moving.push(m.siteUserId);
    }
    if (moving.length) {
      await tx
        .delete(schema.groupMembers)
        .where(and(eq(schema.groupMembers.groupId, from.id), inArray(schema.groupMembers.siteUserId, moving)));
      await tx
        .insert(schema.groupMembers)
        .values(moving.map((siteUserId) => ({ groupId: to.id, siteUserId, kind: to.kind })))
        .onConflictDoNothing();
      const movedUsers = memberships.filter((m) => moving.includes(m.siteUserId)).map((m) => m.userId);
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'group_transfer',
        targetType: 'group',
        targetId: to.id,
        details: {
          user_ids: movedUsers,
          before: { group_id: from.id },
          after: { group_id: to.id },
          failures,
        },
        ip: ctx.ip,
      });
    }
    return { moved: moving.length, failures };
  });
}
