import { STEP_WORK_KEYS, type TStepWork } from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { users, siteUsers, siteUserRoles, groups } = schema;

const rolesOf = sql<string[]>`coalesce((select array_agg(${siteUserRoles.roleKey} order by ${siteUserRoles.roleKey})
  from ${siteUserRoles} where ${siteUserRoles.siteUserId} = ${outerColumn(siteUsers.id)}), '{}')`;

/**
 * Whether one of the member's roles in this organisation holds every key of the work. Platform roles (the super
 * administrator, the platform operator) do not count: they hold keys for the platform, not for an organisation's
 * annotation work, so a member is offered only through the organisation's own roles.
 */
function canWork(work: TStepWork) {
  const keys = STEP_WORK_KEYS[work];
  return sql<boolean>`exists (select 1 from site_user_roles sur join roles r on r.key = sur.role_key and not r.platform
    where sur.site_user_id = ${outerColumn(siteUsers.id)}
      and (select count(*) from role_permissions rp where rp.role_key = r.key
        and rp.permission_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})) = ${keys.length})`;
}

const memberCount = sql<number>`(select count(*)::int from group_members gm where gm.group_id = "groups"."id")`;

/** Active members of the organisation whose account is active: who may lead a project or be given a task. */
const activeMember = (siteId: number) =>
  and(eq(siteUsers.siteId, siteId), eq(siteUsers.status, 'active'), eq(users.status, 'active'));

/** Active members with the steps they can work (`execute`, `review`), optionally only the given users. */
async function membersWithWork(db: Executor, siteId: number, userIds?: readonly number[]) {
  const rows = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      username: users.username,
      roles: rolesOf,
      execute: canWork('execute'),
      review: canWork('review'),
    })
    .from(siteUsers)
    .innerJoin(users, eq(users.id, siteUsers.userId))
    .where(and(activeMember(siteId), userIds ? inArray(siteUsers.userId, [...userIds]) : undefined))
    .orderBy(asc(users.nickname), asc(users.id));
  return rows.map(({ execute, review, ...member }) => ({
    ...member,
    roles: member.roles ?? [],
    work: [...(execute ? ['execute' as const] : []), ...(review ? ['review' as const] : [])],
  }));
}

/**
 * `/project/form`: the organisation's active members (possible leaders), its team groups, and the members who
 * can work a step, each with the steps they can work.
 */
export async function projectForm(db: Executor, siteId: number) {
  const [members, teamGroups] = await Promise.all([
    membersWithWork(db, siteId),
    db
      .select({ id: groups.id, name: groups.name, member_count: memberCount })
      .from(groups)
      .where(and(eq(groups.siteId, siteId), eq(groups.kind, 'team'), eq(groups.status, 'open')))
      .orderBy(asc(groups.name), asc(groups.id)),
  ]);
  return {
    leaders: members.map(({ id, nickname, username }) => ({ id, nickname, username })),
    groups: teamGroups,
    members: members.filter((m) => m.work.length > 0),
  };
}

/**
 * Checks that every user is an active member of the organisation (all or nothing, else not_found) and answers
 * the steps each can work, by user id.
 */
export async function workOfMembers(
  db: Executor,
  siteId: number,
  userIds: readonly number[],
): Promise<Map<number, { nickname: string; work: TStepWork[] }>> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return new Map();
  const rows = await membersWithWork(db, siteId, wanted);
  if (rows.length !== wanted.length) throw new AppError('not_found');
  return new Map(rows.map((row) => [row.id, { nickname: row.nickname, work: row.work }]));
}

/** Checks that every user is an active member of the organisation (all or nothing, else not_found). */
export async function requireActiveMembers(db: Executor, siteId: number, userIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: users.id })
    .from(siteUsers)
    .innerJoin(users, eq(users.id, siteUsers.userId))
    .where(and(activeMember(siteId), inArray(siteUsers.userId, wanted)));
  if (rows.length !== wanted.length) throw new AppError('not_found');
}

/** Checks that every group is a team group of the organisation (all or nothing, else not_found). */
export async function requireTeamGroups(db: Executor, siteId: number, groupIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(groupIds)];
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.siteId, siteId), eq(groups.kind, 'team'), inArray(groups.id, wanted)));
  if (rows.length !== wanted.length) throw new AppError('not_found');
}
