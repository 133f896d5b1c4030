import { BUILTIN_ROLES, GROUP_KIND_ROLES, type TClassGroupRow, type TGroupKind } from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';

const { groups, groupMembers, users, siteUsers } = schema;

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
  const { rows, total } = await pageWithTotal(
    db
      .select(groupColumns)
      .from(groups)
      .leftJoin(users, eq(users.id, groups.ownerId))
      .where(where)
      .orderBy(desc(groups.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ n: sql<number>`count(*)::int` }).from(groups).where(where),
  );
  return { rows: rows.map(presentGroup), total };
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
