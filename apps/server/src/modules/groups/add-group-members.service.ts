import type { TTransferFailure } from '@app/contracts';
import { schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { lockMembershipsOfUsers, type MembershipInfo, otherClassesOf } from './group-members.queries.ts';
import { loadGroup } from './groups.queries.ts';

export type MemberFailure = { user_id: number; reason: TTransferFailure };

/** Why a membership cannot go into a group of this kind, or null. */
export function refusal(kind: 'class' | 'team', m: MembershipInfo): TTransferFailure | null {
  if (m.status !== 'active') return 'not_activated';
  if (kind === 'team' && !m.teamMember) return 'not_team_member';
  return null;
}

/** The error of students already in another class, naming them (`already_in_class`). */
export function alreadyInClass(
  conflicts: { siteUserId: number; groupName: string }[],
  memberships: readonly MembershipInfo[],
): AppError {
  const bySiteUser = new Map(memberships.map((m) => [m.siteUserId, m]));
  const users = conflicts.map((c) => ({
    user_id: bySiteUser.get(c.siteUserId)?.userId ?? 0,
    nickname: bySiteUser.get(c.siteUserId)?.nickname ?? '',
    class_name: c.groupName,
  }));
  return new AppError('already_in_class', { names: users.map((u) => u.nickname).join(', ') }, { users });
}

/**
 * `/group/user-create`: adds members of the organisation to a group. Pending memberships (and, for a team
 * group, people without a team role) come back as failures. For a class, a student already in another class
 * fails the whole call with `already_in_class` (also when a concurrent call put them there first: the
 * database's one-class index refuses the second row).
 */
export async function addGroupMembers(ctx: TenantContext, input: { group_id: number; user_ids: number[] }) {
  const { siteId, userId } = ctx.session;
  try {
    return await ctx.db.transaction(async (tx) => {
      const group = await loadGroup(tx, ctx, input.group_id, true);
      const memberships = await lockMembershipsOfUsers(tx, siteId, input.user_ids);
      const failures: MemberFailure[] = [];
      const accepted: MembershipInfo[] = [];
      for (const m of memberships) {
        const reason = refusal(group.kind, m);
        if (reason) failures.push({ user_id: m.userId, reason });
        else accepted.push(m);
      }
      if (group.kind === 'class') {
        const conflicts = await otherClassesOf(
          tx,
          accepted.map((m) => m.siteUserId),
          group.id,
        );
        if (conflicts.length) throw alreadyInClass(conflicts, memberships);
      }
      const added = accepted.length
        ? await tx
            .insert(schema.groupMembers)
            .values(accepted.map((m) => ({ groupId: group.id, siteUserId: m.siteUserId, kind: group.kind })))
            .onConflictDoNothing({ target: [schema.groupMembers.groupId, schema.groupMembers.siteUserId] })
            .returning({ siteUserId: schema.groupMembers.siteUserId })
        : [];
      if (added.length) {
        const addedIds = new Set(added.map((a) => a.siteUserId));
        await recordAudit(tx, {
          siteId,
          userId,
          action: 'group_member_add',
          targetType: 'group',
          targetId: group.id,
          details: {
            before: null,
            after: { user_ids: memberships.filter((m) => addedIds.has(m.siteUserId)).map((m) => m.userId) },
          },
          ip: ctx.ip,
        });
      }
      return { added: added.length, failures };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'group_members_one_class') throw new AppError('already_in_class', { names: '' });
    throw error;
  }
}
