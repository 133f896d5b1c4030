import { type Executor, outerColumn, schema } from '@app/db';
import { and, asc, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

const { siteUsers, users, siteUserRoles } = schema;

export interface MemberFilter {
  keyword?: string;
  role?: string;
  status?: 'active' | 'pending';
  page: number;
  pageSize: number;
}

/** One page of an organisation's members with their roles; every condition starts from the site. */
export async function listSiteMembers(db: Executor, siteId: number, filter: MemberFilter) {
  const conditions: SQL[] = [eq(siteUsers.siteId, siteId)];
  if (filter.status) conditions.push(eq(siteUsers.status, filter.status));
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
  if (filter.role) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(siteUserRoles)
          .where(and(eq(siteUserRoles.siteUserId, siteUsers.id), eq(siteUserRoles.roleKey, filter.role))),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: siteUsers.id,
        userId: users.id,
        username: users.username,
        nickname: users.nickname,
        email: users.email,
        mobile: users.mobile,
        status: siteUsers.status,
        joinedAt: siteUsers.joinedAt,
        roles: sql<
          string[]
        >`coalesce((select array_agg(r.role_key order by r.role_key) from site_user_roles r where r.site_user_id = ${outerColumn(siteUsers.id)}), '{}')`,
      })
      .from(siteUsers)
      .innerJoin(users, eq(users.id, siteUsers.userId))
      .where(where)
      .orderBy(asc(siteUsers.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(siteUsers)
      .innerJoin(users, eq(users.id, siteUsers.userId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The membership of `userId` in the organisation, or null (another organisation's member is not found). */
export async function findMembership(db: Executor, siteId: number, userId: number) {
  const [row] = await db
    .select({
      id: siteUsers.id,
      userId: siteUsers.userId,
      status: siteUsers.status,
      currentRole: siteUsers.currentRole,
      joinedAt: siteUsers.joinedAt,
    })
    .from(siteUsers)
    .where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.userId, userId)));
  return row ?? null;
}

export async function rolesOfMembership(db: Executor, siteUserId: number): Promise<string[]> {
  const rows = await db
    .select({ roleKey: siteUserRoles.roleKey })
    .from(siteUserRoles)
    .where(eq(siteUserRoles.siteUserId, siteUserId))
    .orderBy(asc(siteUserRoles.roleKey));
  return rows.map((r) => r.roleKey);
}

/** Roles a manager may give members: every tenant (non-platform) role. */
export async function grantableRoles(db: Executor) {
  return db
    .select({ key: schema.roles.key, name: schema.roles.name, builtin: schema.roles.builtin })
    .from(schema.roles)
    .where(eq(schema.roles.platform, false))
    .orderBy(asc(schema.roles.key));
}

/** Actions of the audit log that record a login attempt. */
export const LOGIN_ACTIONS = ['login', 'login_quick', 'login_failed'] as const;

/** The account, memberships and newest login records of a member of the organisation. */
export async function loadMemberDetail(db: Executor, siteId: number, userId: number, loginRecords: number) {
  const membership = await findMembership(db, siteId, userId);
  if (!membership) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [roles, memberships, logins] = await Promise.all([
    rolesOfMembership(db, membership.id),
    db
      .select({ siteId: schema.sites.id, siteName: schema.sites.name, status: siteUsers.status })
      .from(siteUsers)
      .innerJoin(schema.sites, eq(schema.sites.id, siteUsers.siteId))
      .where(eq(siteUsers.userId, userId))
      .orderBy(asc(siteUsers.id)),
    db
      .select({
        action: schema.auditLogs.action,
        ip: schema.auditLogs.ip,
        createdAt: schema.auditLogs.createdAt,
      })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.userId, userId), inArray(schema.auditLogs.action, [...LOGIN_ACTIONS])))
      .orderBy(desc(schema.auditLogs.id))
      .limit(loginRecords),
  ]);
  return { user, membership, roles, memberships, logins };
}
