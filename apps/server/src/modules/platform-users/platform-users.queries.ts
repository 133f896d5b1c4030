import type { TPlatformUserRow, TUserRecord } from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';
import { siteDisplayName } from '../../platform/site-name.ts';
import { dayAfter, SIGN_IN_ACTIONS } from '../system-admin/index.ts';

const { users, siteUsers, sites, auditLogs, siteUserRoles, mailOutbox } = schema;

export interface PlatformUserFilter {
  keyword?: string;
  status?: 'active' | 'disabled';
  site_id?: number;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** One page of every account on the platform, newest first, with its number of organisations. */
export async function listPlatformUsers(db: Executor, filter: PlatformUserFilter) {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.nickname, pattern),
        ilike(users.email, pattern),
        ilike(users.mobile, pattern),
      )!,
    );
  }
  if (filter.status) conditions.push(eq(users.status, filter.status));
  if (filter.site_id !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(siteUsers)
          .where(and(eq(siteUsers.userId, users.id), eq(siteUsers.siteId, filter.site_id))),
      ),
    );
  }
  if (filter.from) conditions.push(gte(users.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) conditions.push(lt(users.createdAt, dayAfter(filter.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        user: users,
        organisations: sql<number>`(select count(*)::int from site_users m where m.user_id = ${outerColumn(users.id)})`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const list: TPlatformUserRow[] = rows.map(({ user, organisations }) => ({
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    mobile: user.mobile,
    status: user.status,
    organisations,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  }));
  return { list, total: counted?.total ?? 0 };
}

/** Every organisation, by name (the filter options). */
export async function siteOptions(db: Executor, lang: Lang) {
  const rows = await db.select().from(sites).orderBy(asc(sites.id));
  return rows.map((site) => ({ id: site.id, name: siteDisplayName(site, lang) }));
}

const actor = aliasedTable(users, 'actor');

/** Audit lines about an account: what it did (sign-ins included) and what was done to it, newest first. */
export async function userRecords(db: Executor, userId: number, lang: Lang, page: number, pageSize: number) {
  const where = or(
    eq(auditLogs.userId, userId),
    and(eq(auditLogs.targetType, 'user'), eq(auditLogs.targetId, String(userId))),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ log: auditLogs, actorUsername: actor.username, site: sites })
      .from(auditLogs)
      .leftJoin(actor, eq(actor.id, auditLogs.userId))
      .leftJoin(sites, eq(sites.id, auditLogs.siteId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLogs).where(where),
  ]);
  const list: TUserRecord[] = rows.map((r) => ({
    id: r.log.id,
    created_at: r.log.createdAt.toISOString(),
    action: r.log.action,
    kind: r.log.userId === userId ? 'self' : 'target',
    actor_username: r.actorUsername,
    site_id: r.log.siteId,
    site_name: r.site ? siteDisplayName(r.site, lang) : null,
    target_type: r.log.targetType,
    target_id: r.log.targetId,
    ip: r.log.ip,
  }));
  return { list, total: counted?.total ?? 0 };
}

/** The memberships of an account with their roles, oldest first. */
export async function membershipsWithRoles(db: Executor, userId: number, lang: Lang) {
  const rows = await db
    .select({ membership: siteUsers, site: sites })
    .from(siteUsers)
    .innerJoin(sites, eq(sites.id, siteUsers.siteId))
    .where(eq(siteUsers.userId, userId))
    .orderBy(asc(siteUsers.id));
  const ids = rows.map((r) => r.membership.id);
  const roleRows = ids.length
    ? await db
        .select()
        .from(siteUserRoles)
        .where(inArray(siteUserRoles.siteUserId, ids))
        .orderBy(asc(siteUserRoles.roleKey))
    : [];
  return rows.map(({ membership, site }) => ({
    site_id: site.id,
    site_name: siteDisplayName(site, lang),
    site_status: site.status,
    status: membership.status,
    current_role: membership.currentRole,
    roles: roleRows.filter((r) => r.siteUserId === membership.id).map((r) => r.roleKey),
    joined_at: membership.joinedAt.toISOString(),
  }));
}

/** Accounts by their number of sign-ins in the last 30 days: 0, 1-5, 6-20, 21+. */
export async function signInSections(db: Executor, now = new Date()) {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const perUser = db
    .select({ userId: users.id, n: sql<number>`count(${auditLogs.id})::int`.as('n') })
    .from(users)
    .leftJoin(
      auditLogs,
      and(
        eq(auditLogs.userId, users.id),
        inArray(auditLogs.action, [...SIGN_IN_ACTIONS]),
        gte(auditLogs.createdAt, since),
      ),
    )
    .groupBy(users.id)
    .as('per_user');
  const section = sql<string>`case when ${perUser.n} = 0 then '0' when ${perUser.n} <= 5 then '1-5' when ${perUser.n} <= 20 then '6-20' else '21+' end`;
  const rows = await db.select({ section, users: sql<number>`count(*)::int` }).from(perUser).groupBy(section);
  return new Map(rows.map((r) => [r.section, r.users]));
}

/** The users among `ids` with their current organisation, by id. */
export async function usersWithSite(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, nickname: users.nickname, site: sites })
    .from(users)
    .leftJoin(sites, eq(sites.id, users.currentSiteId))
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id));
}

/**
 * One page of the online users (`ids`, by id; the keyword searches username and nickname) with their current
 * organisation and the role they hold there.
 */
export async function onlineUsersPage(
  db: Executor,
  ids: number[],
  filter: { keyword?: string; page: number; pageSize: number },
) {
  if (ids.length === 0) return { rows: [], total: 0 };
  const conditions: SQL[] = [inArray(users.id, ids)];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(users.username, pattern), ilike(users.nickname, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        nickname: users.nickname,
        site: sites,
        role: schema.roles,
      })
      .from(users)
      .leftJoin(sites, eq(sites.id, users.currentSiteId))
      .leftJoin(siteUsers, and(eq(siteUsers.userId, users.id), eq(siteUsers.siteId, users.currentSiteId)))
      .leftJoin(schema.roles, eq(schema.roles.key, siteUsers.currentRole))
      .where(where)
      .orderBy(asc(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The mail outbox by status and its oldest pending mail. */
export async function outboxState(db: Executor) {
  const [byStatus, [oldest]] = await Promise.all([
    db
      .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .groupBy(mailOutbox.status)
      .orderBy(asc(mailOutbox.status)),
    db
      .select({ createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), isNull(mailOutbox.sentAt)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(1),
  ]);
  return { byStatus, oldestPending: oldest?.createdAt ?? null };
}
