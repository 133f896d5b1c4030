import { type TClassGroupMemberRow, TEAM_MEMBER_ROLES } from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';

const { groups, groupMembers, users, siteUsers, siteUserRoles } = schema;

const rolesOf = sql<string[]>`coalesce((select array_agg(${siteUserRoles.roleKey} order by ${siteUserRoles.roleKey})
  from ${siteUserRoles} where ${siteUserRoles.siteUserId} = ${outerColumn(siteUsers.id)}), '{}')`;

/** One page of a group's members, in the order they joined. */
export async function listGroupMembers(
  db: Executor,
  groupId: number,
  filter: { keyword?: string; page: number; pageSize: number },
): Promise<{ rows: TClassGroupMemberRow[]; total: number }> {
  const conditions: SQL[] = [eq(groupMembers.groupId, groupId)];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(users.username, pattern), ilike(users.nickname, pattern))!);
  }
  const where = and(...conditions);
  const base = () =>
    db
      .select({
        userId: users.id,
        username: users.username,
        nickname: users.nickname,
        roles: rolesOf,
        status: siteUsers.status,
        joinedAt: groupMembers.joinedAt,
      })
      .from(groupMembers)
      .innerJoin(siteUsers, eq(siteUsers.id, groupMembers.siteUserId))
      .innerJoin(users, eq(users.id, siteUsers.userId));
  const { rows, total } = await pageWithTotal(
    base()
      .where(where)
      .orderBy(asc(groupMembers.joinedAt), asc(users.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupMembers)
      .innerJoin(siteUsers, eq(siteUsers.id, groupMembers.siteUserId))
      .innerJoin(users, eq(users.id, siteUsers.userId))
      .where(where),
  );
  return {
    rows: rows.map((r) => ({
      user_id: r.userId,
      username: r.username,
      nickname: r.nickname,
      roles: r.roles ?? [],
      status: r.status,
      joined_at: new Date(r.joinedAt).toISOString(),
    })),
    total,
  };
}

export interface MembershipInfo {
  siteUserId: number;
  userId: number;
  nickname: string;
  status: 'active' | 'pending';
  teamMember: boolean;
}

/**
 * The organisation's memberships of the users `userIds`, locked for the caller's transaction; a user who is
 * not a member of the organisation answers not_found (all or nothing).
 */
export async function lockMembershipsOfUsers(
  tx: Executor,
  siteId: number,
  userIds: readonly number[],
): Promise<MembershipInfo[]> {
  const rows = await tx
    .select({ siteUserId: siteUsers.id, userId: siteUsers.userId, status: siteUsers.status })
    .from(siteUsers)
    .where(and(eq(siteUsers.siteId, siteId), inArray(siteUsers.userId, [...userIds])))
    .orderBy(asc(siteUsers.id))
    .for('update');
  if (rows.length !== userIds.length) throw new AppError('not_found');
  const ids = rows.map((r) => r.siteUserId);
  const named = await tx
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  const team = await tx
    .selectDistinct({ siteUserId: siteUserRoles.siteUserId })
    .from(siteUserRoles)
    .where(and(inArray(siteUserRoles.siteUserId, ids), inArray(siteUserRoles.roleKey, [...TEAM_MEMBER_ROLES])));
  const nicknames = new Map(named.map((u) => [u.id, u.nickname]));
  const teamIds = new Set(team.map((r) => r.siteUserId));
  return rows.map((r) => ({
    ...r,
    nickname: nicknames.get(r.userId) ?? '',
    teamMember: teamIds.has(r.siteUserId),
  }));
}

/** Classes (other than `exceptGroupId`) that these memberships are already in. */
export async function otherClassesOf(db: Executor, siteUserIds: readonly number[], exceptGroupId?: number) {
  if (!siteUserIds.length) return [];
  const conditions: SQL[] = [eq(groupMembers.kind, 'class'), inArray(groupMembers.siteUserId, [...siteUserIds])];
  if (exceptGroupId !== undefined) conditions.push(sql`${groupMembers.groupId} <> ${exceptGroupId}`);
  return db
    .select({ siteUserId: groupMembers.siteUserId, groupId: groups.id, groupName: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(...conditions));
}

/** Member ids (site_users) of a group among `siteUserIds`. */
export async function membersAmong(db: Executor, groupId: number, siteUserIds: readonly number[]) {
  if (!siteUserIds.length) return new Set<number>();
  const rows = await db
    .select({ siteUserId: groupMembers.siteUserId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.siteUserId, [...siteUserIds])));
  return new Set(rows.map((r) => r.siteUserId));
}

/** Up to 20 active members of the organisation outside the group, with the class each is in. */
export async function groupCandidates(db: Executor, siteId: number, groupId: number, keyword?: string) {
  const conditions: SQL[] = [
    eq(siteUsers.siteId, siteId),
    eq(siteUsers.status, 'active'),
    sql`not exists (select 1 from ${groupMembers} gm where gm.group_id = ${groupId} and gm.site_user_id = ${outerColumn(siteUsers.id)})`,
  ];
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(or(ilike(users.username, pattern), ilike(users.nickname, pattern))!);
  }
  const className = sql<string | null>`(select g.name from ${groupMembers} gm join ${groups} g on g.id = gm.group_id
    where gm.site_user_id = ${outerColumn(siteUsers.id)} and gm.kind = 'class' limit 1)`;
  const rows = await db
    .select({ userId: users.id, username: users.username, nickname: users.nickname, className })
    .from(siteUsers)
    .innerJoin(users, eq(users.id, siteUsers.userId))
    .where(and(...conditions))
    .orderBy(asc(users.username))
    .limit(20);
  return rows.map((r) => ({ user_id: r.userId, username: r.username, nickname: r.nickname, class_name: r.className }));
}
