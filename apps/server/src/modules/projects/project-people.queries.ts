import { type Executor, outerColumn, schema } from '@app/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { users, siteUsers, siteUserRoles, groups } = schema;

const rolesOf = sql<string[]>`coalesce((select array_agg(${siteUserRoles.roleKey} order by ${siteUserRoles.roleKey})
  from ${siteUserRoles} where ${siteUserRoles.siteUserId} = ${outerColumn(siteUsers.id)}), '{}')`;

const memberCount = sql<number>`(select count(*)::int from group_members gm where gm.group_id = "groups"."id")`;

/** Active members of the organisation whose account is active: who may lead a project or be given a task. */
const activeMember = (siteId: number) =>
  and(eq(siteUsers.siteId, siteId), eq(siteUsers.status, 'active'), eq(users.status, 'active'));

/** `/project/form`: the organisation's active members (leaders and task people) and its team groups. */
export async function projectForm(db: Executor, siteId: number) {
  const [members, teamGroups] = await Promise.all([
    db
      .select({ id: users.id, nickname: users.nickname, username: users.username, roles: rolesOf })
      .from(siteUsers)
      .innerJoin(users, eq(users.id, siteUsers.userId))
      .where(activeMember(siteId))
      .orderBy(asc(users.nickname), asc(users.id)),
    db
      .select({ id: groups.id, name: groups.name, member_count: memberCount })
      .from(groups)
      .where(and(eq(groups.siteId, siteId), eq(groups.kind, 'team'), eq(groups.status, 'open')))
      .orderBy(asc(groups.name), asc(groups.id)),
  ]);
  return {
    leaders: members.map(({ id, nickname, username }) => ({ id, nickname, username })),
    groups: teamGroups,
    members: members.map((m) => ({ ...m, roles: m.roles ?? [] })),
  };
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
