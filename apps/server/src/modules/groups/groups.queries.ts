import {
  BUILTIN_ROLES,
  GROUP_KIND_ROLES,
  type TClassGroupMemberRow,
  type TClassGroupRow,
  TEAM_MEMBER_ROLES,
  type TGroupKind,
  type TUserTagRow,
} from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { groups, groupMembers, users, siteUsers, siteUserRoles, userTags, siteUserTags } = schema;

type GroupRecord = typeof groups.$inferSelect;

/** Whether the caller's current role manages this kind of group (root and custom roles holding the key do). */
export function managesKind(ctx: TenantContext, kind: TGroupKind): boolean {
  const role = ctx.session.role;
  if (role === 'role_root') return true;
  if (!BUILTIN_ROLES.some((r) => r.key === role)) return true;
  return GROUP_KIND_ROLES[kind].includes(role);
}

/** A teacher (current role) manages the classes they own; everyone else every group of the kind. */
function ownerScope(ctx: TenantContext, kind: TGroupKind): number | undefined {
  return kind === 'class' && ctx.session.role === 'role_teacher' ? ctx.session.userId : undefined;
}

export function requireKind(ctx: TenantContext, kind: TGroupKind): void {
  if (!managesKind(ctx, kind)) throw new AppError('forbidden');
}

/** Whether the caller may see and change this group: right kind, and a teacher's own class. */
export function visibleTo(ctx: TenantContext, group: GroupRecord): boolean {
  if (!managesKind(ctx, group.kind)) return false;
  const owner = ownerScope(ctx, group.kind);
  return owner === undefined || group.ownerId === owner;
}

/** One group of the caller's organisation that the caller manages (locked when asked), else not_found. */
export async function loadGroup(db: Executor, ctx: TenantContext, id: number, lock = false): Promise<GroupRecord> {
  const query = db
    .select()
    .from(groups)
    .where(and(eq(groups.siteId, ctx.session.siteId), eq(groups.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !visibleTo(ctx, row)) throw new AppError('not_found');
  return row;
}

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${outerColumn(groups.id)})`;

const groupColumns = { group: groups, ownerNickname: users.nickname, memberCount };

function presentGroup(row: { group: GroupRecord; ownerNickname: string | null; memberCount: number }): TClassGroupRow {
  const { group } = row;
  return {
    id: group.id,
    kind: group.kind,
    name: group.name,
    join_code: group.joinCode,
    status: group.status,
    owner_id: group.ownerId,
    owner_nickname: row.ownerNickname,
    member_count: row.memberCount,
    created_at: group.createdAt.toISOString(),
  };
}

export interface GroupFilter {
  kind: TGroupKind;
  status?: 'open' | 'closed';
  keyword?: string;
  page: number;
  pageSize: number;
}

/** One page of the organisation's groups of a kind, newest first. */
export async function listGroups(db: Executor, ctx: TenantContext, filter: GroupFilter) {
  const conditions: SQL[] = [eq(groups.siteId, ctx.session.siteId), eq(groups.kind, filter.kind)];
  const owner = ownerScope(ctx, filter.kind);
  if (owner !== undefined) conditions.push(eq(groups.ownerId, owner));
  if (filter.status) conditions.push(eq(groups.status, filter.status));
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(groups.name, pattern), ilike(groups.joinCode, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .leftJoin(users, eq(users.id, groups.ownerId))
      .where(where)
      .orderBy(desc(groups.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(groups).where(where),
  ]);
  return { rows: rows.map(presentGroup), total: counted?.total ?? 0 };
}

/** A group as the contract shows it (the caller checked it is visible). */
export async function groupRow(db: Executor, siteId: number, id: number): Promise<TClassGroupRow> {
  const [row] = await db
    .select(groupColumns)
    .from(groups)
    .leftJoin(users, eq(users.id, groups.ownerId))
    .where(and(eq(groups.siteId, siteId), eq(groups.id, id)));
  if (!row) throw new AppError('not_found');
  return presentGroup(row);
}

/** What the audit log keeps of a group. */
export function groupAuditState(row: GroupRecord) {
  return { kind: row.kind, name: row.name, status: row.status, join_code: row.joinCode, owner_id: row.ownerId };
}

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
  const [rows, [counted]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(groupMembers.joinedAt), asc(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(groupMembers)
      .innerJoin(siteUsers, eq(siteUsers.id, groupMembers.siteUserId))
      .innerJoin(users, eq(users.id, siteUsers.userId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      user_id: r.userId,
      username: r.username,
      nickname: r.nickname,
      roles: r.roles ?? [],
      status: r.status,
      joined_at: new Date(r.joinedAt).toISOString(),
    })),
    total: counted?.total ?? 0,
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
  const [named, team] = await Promise.all([
    tx
      .select({ id: users.id, nickname: users.nickname })
      .from(users)
      .where(inArray(users.id, [...userIds])),
    tx
      .selectDistinct({ siteUserId: siteUserRoles.siteUserId })
      .from(siteUserRoles)
      .where(and(inArray(siteUserRoles.siteUserId, ids), inArray(siteUserRoles.roleKey, [...TEAM_MEMBER_ROLES]))),
  ]);
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

const tagUserCount = sql<number>`(select count(*)::int from ${siteUserTags} where ${siteUserTags.tagId} = ${outerColumn(userTags.id)})`;

function presentTag(row: { tag: typeof userTags.$inferSelect; userCount: number }): TUserTagRow {
  return { id: row.tag.id, name: row.tag.name, user_count: row.userCount, created_at: row.tag.createdAt.toISOString() };
}

/** The organisation's user tags by name. */
export async function listTags(db: Executor, siteId: number, keyword?: string): Promise<TUserTagRow[]> {
  const conditions: SQL[] = [eq(userTags.siteId, siteId)];
  if (keyword) conditions.push(ilike(userTags.name, likePattern(keyword)));
  const rows = await db
    .select({ tag: userTags, userCount: tagUserCount })
    .from(userTags)
    .where(and(...conditions))
    .orderBy(asc(userTags.name), asc(userTags.id));
  return rows.map(presentTag);
}

export async function tagRow(db: Executor, siteId: number, id: number): Promise<TUserTagRow> {
  const [row] = await db
    .select({ tag: userTags, userCount: tagUserCount })
    .from(userTags)
    .where(and(eq(userTags.siteId, siteId), eq(userTags.id, id)));
  if (!row) throw new AppError('not_found');
  return presentTag(row);
}

/** Tags of the organisation among `ids`, locked; any other id answers not_found. */
export async function lockTags(tx: Executor, siteId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select()
    .from(userTags)
    .where(and(eq(userTags.siteId, siteId), inArray(userTags.id, [...ids])))
    .orderBy(asc(userTags.id))
    .for('update');
  if (rows.length !== ids.length) throw new AppError('not_found');
  return rows;
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

/** `/group/my-class`: the class the user is in within the organisation (one at most), or null. */
export async function myClass(db: Executor, siteId: number, userId: number) {
  const [row] = await db
    .select({
      id: groups.id,
      name: groups.name,
      status: groups.status,
      ownerNickname: users.nickname,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(siteUsers, eq(siteUsers.id, groupMembers.siteUserId))
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(users, eq(users.id, groups.ownerId))
    .where(and(eq(groupMembers.kind, 'class'), eq(siteUsers.siteId, siteId), eq(siteUsers.userId, userId)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    owner_nickname: row.ownerNickname,
    joined_at: row.joinedAt.toISOString(),
  };
}
