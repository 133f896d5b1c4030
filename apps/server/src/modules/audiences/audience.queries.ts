import type { TAudienceDetail, TAudienceGroup, TAudienceMember, TAudienceMode, TAudienceSubject } from '@app/contracts';
import { AUDIENCE_LIMITS, AUDIENCE_TAKING_KEYS } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

/**
 * The one audience mechanism of exams and practice sets (docs/exams.md "Audience"): a mode on the item and, when
 * `chosen`, its rows in `audience_entries` (a class or team group, or a member). Who is in is resolved when read:
 * `memberInAudience` is the only place that says it, for the caller's visibility and for the people counts.
 */
export type AudienceSubject = TAudienceSubject;
const SUBJECT_COLUMN: Record<AudienceSubject, SQL> = {
  exam: sql.raw('exam_id'),
  practice_set: sql.raw('practice_set_id'),
};

/** The chosen rows `(group_id, user_id)` of a stored item. */
const storedEntries = (subject: AudienceSubject, subjectId: SQL | number) =>
  sql`select ae.group_id, ae.user_id from audience_entries ae where ae.${SUBJECT_COLUMN[subject]} = ${subjectId}`;

/** The chosen rows of an audience not stored yet (the picker's count). */
function listedEntries(groupIds: readonly number[], userIds: readonly number[]): SQL {
  const rows = [
    ...groupIds.map((id) => sql`(${id}::bigint, null::bigint)`),
    ...userIds.map((id) => sql`(null::bigint, ${id}::bigint)`),
  ];
  if (rows.length === 0) return sql`select null::bigint as group_id, null::bigint as user_id where false`;
  return sql`select * from (values ${sql.join(rows, sql`, `)}) as v(group_id, user_id)`;
}

/** The membership holds a role, in its organisation, whose grants include the key of taking part in the subject. */
function mayTakePart(subject: AudienceSubject, siteUserId: SQL): SQL {
  return sql`exists (select 1 from site_user_roles mr join role_permissions mp on mp.role_key = mr.role_key
    where mr.site_user_id = ${siteUserId} and mp.permission_key = ${AUDIENCE_TAKING_KEYS[subject]})`;
}

/**
 * Whether a membership (`site_users` id and its user id) is in an audience: it may take part in the subject, and
 * everyone; students = holders of role_student in that organisation; chosen = named, or a member of a chosen class
 * or team group.
 */
function memberInAudience(
  subject: AudienceSubject,
  mode: SQL,
  entries: SQL,
  member: { siteUserId: SQL; userId: SQL },
): SQL {
  return sql`(${mayTakePart(subject, member.siteUserId)} and case ${mode}
    when 'everyone' then true
    when 'students' then exists (select 1 from site_user_roles r
      where r.site_user_id = ${member.siteUserId} and r.role_key = 'role_student')
    when 'chosen' then exists (select 1 from (${entries}) ce
      where ce.user_id = ${member.userId}
        or exists (select 1 from group_members gm where gm.group_id = ce.group_id and gm.site_user_id = ${member.siteUserId}))
    else false end)`;
}

/** The columns of an exam or practice set row, as SQL naming them in the caller's query. */
export interface AudienceColumns {
  id: SQL;
  siteId: SQL;
  audience: SQL;
}

/**
 * A member of a class an online course is taught to, when the item is a task of that course (docs/courses.md
 * "Practice and exams of a course"): a course's students may do its practice sets and exams whatever their audience.
 */
function courseStudentOf(subject: AudienceSubject, itemId: SQL, member: { siteUserId: SQL }): SQL {
  return sql`(${mayTakePart(subject, member.siteUserId)} and exists (select 1 from course_tasks ct
    join courses c on c.id = ct.course_id and c.status = 'online'
    join course_classes cc on cc.course_id = c.id
    join group_members cgm on cgm.group_id = cc.group_id and cgm.site_user_id = ${member.siteUserId}
    where ct.${SUBJECT_COLUMN[subject]} = ${itemId}))`;
}

/**
 * The user is an active member of the item's organisation and in its audience, or a student of an online course
 * that has it as a task (a condition for a query on items).
 */
export function userInAudience(subject: AudienceSubject, item: AudienceColumns, userId: number): SQL {
  const entries = storedEntries(subject, item.id);
  const member = { siteUserId: sql`asu.id`, userId: sql`asu.user_id` };
  return sql`exists (select 1 from site_users asu
    where asu.site_id = ${item.siteId} and asu.user_id = ${userId} and asu.status = 'active'
      and (${memberInAudience(subject, item.audience, entries, member)} or ${courseStudentOf(subject, item.id, member)}))`;
}

/** Active members of the organisation an audience reaches: stored (an item) or listed (being chosen). */
export async function countPeople(
  db: Executor,
  siteId: number,
  subject: AudienceSubject,
  mode: TAudienceMode,
  entries: { id: number } | { groupIds: readonly number[]; userIds: readonly number[] },
): Promise<number> {
  const rows = 'id' in entries ? storedEntries(subject, entries.id) : listedEntries(entries.groupIds, entries.userIds);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from site_users su where su.site_id = ${siteId} and su.status = 'active'
      and ${memberInAudience(subject, sql`${mode}::text`, rows, { siteUserId: sql`su.id`, userId: sql`su.user_id` })}`,
  );
  return Number(row?.n ?? 0);
}

interface GroupRow {
  id: number;
  kind: 'class' | 'team';
  name: string;
  status: 'open' | 'closed';
  member_count: number;
}

const groupColumns = sql`g.id, g.kind, g.name, g.status,
  (select count(*)::int from group_members gm where gm.group_id = g.id) as member_count`;
const presentGroup = (row: GroupRow): TAudienceGroup => ({
  ...row,
  id: Number(row.id),
  member_count: Number(row.member_count),
});

interface MemberRow {
  id: number;
  username: string;
  nickname: string;
  roles: string[] | null;
}

const memberColumns = sql`u.id, u.username, u.nickname,
  (select array_agg(r.role_key order by r.role_key) from site_user_roles r where r.site_user_id = su.id) as roles`;
const presentMember = (row: MemberRow): TAudienceMember => ({
  id: Number(row.id),
  username: row.username,
  nickname: row.nickname,
  roles: row.roles ?? [],
});

/** `/audience/groups`: the organisation's classes and team groups, open ones first, by name. */
export async function audienceGroups(db: Executor, siteId: number): Promise<TAudienceGroup[]> {
  const rows = await queryRows<GroupRow>(
    db,
    sql`select ${groupColumns} from groups g where g.site_id = ${siteId}
      order by g.status desc, g.kind, g.name, g.id`,
  );
  return rows.map(presentGroup);
}

/** `/audience/members`: active members who may take part in the subject, whose username or nickname has the keyword. */
export async function audienceMembers(
  db: Executor,
  siteId: number,
  subject: AudienceSubject,
  keyword: string,
): Promise<TAudienceMember[]> {
  const pattern = likePattern(keyword);
  const rows = await queryRows<MemberRow>(
    db,
    sql`select ${memberColumns} from site_users su join users u on u.id = su.user_id
      where su.site_id = ${siteId} and su.status = 'active' and ${mayTakePart(subject, sql`su.id`)}
        and (u.username ilike ${pattern} or u.nickname ilike ${pattern})
      order by u.username, u.id limit ${AUDIENCE_LIMITS.search}`,
  );
  return rows.map(presentMember);
}

/** An item's audience: its mode, what was chosen (with names) and the people it reaches now. */
export async function audienceDetail(
  db: Executor,
  siteId: number,
  subject: AudienceSubject,
  item: { id: number; audience: TAudienceMode },
): Promise<TAudienceDetail> {
  const [groupRows, userRows, people] = await Promise.all([
    queryRows<GroupRow>(
      db,
      sql`select ${groupColumns} from groups g
        where g.id in (select ae.group_id from (${storedEntries(subject, item.id)}) ae)
        order by g.kind, g.name, g.id`,
    ),
    queryRows<MemberRow>(
      db,
      sql`select ${memberColumns} from users u join site_users su on su.user_id = u.id and su.site_id = ${siteId}
        where u.id in (select ae.user_id from (${storedEntries(subject, item.id)}) ae)
        order by u.username, u.id`,
    ),
    countPeople(db, siteId, subject, item.audience, { id: item.id }),
  ]);
  return { mode: item.audience, groups: groupRows.map(presentGroup), users: userRows.map(presentMember), people };
}

/** The chosen classes, team groups and members of an item, as `chosenOf` gives them for an input. */
export interface AudienceChoice {
  groupIds: number[];
  userIds: number[];
}

/** The stored choice of an item (publishing checks, the audit log). */
export async function audienceChoice(db: Executor, subject: AudienceSubject, id: number): Promise<AudienceChoice> {
  const rows = await queryRows<{ group_id: number | null; user_id: number | null }>(
    db,
    sql`${storedEntries(subject, id)} order by ae.id`,
  );
  return {
    groupIds: rows.flatMap((r) => (r.group_id === null ? [] : [Number(r.group_id)])),
    userIds: rows.flatMap((r) => (r.user_id === null ? [] : [Number(r.user_id)])),
  };
}

/** Of the given users, the members of the organisation who may not take part in the subject (with their nicknames). */
export async function membersUnfitFor(
  db: Executor,
  siteId: number,
  subject: AudienceSubject,
  userIds: readonly number[],
): Promise<{ id: number; nickname: string }[]> {
  if (userIds.length === 0) return [];
  return queryRows<{ id: number; nickname: string }>(
    db,
    sql`select u.id, u.nickname from site_users su join users u on u.id = su.user_id
      where su.site_id = ${siteId} and su.user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and not ${mayTakePart(subject, sql`su.id`)}
      order by u.id`,
  );
}
