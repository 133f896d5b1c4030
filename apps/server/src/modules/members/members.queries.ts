import type { TMemberRow } from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import { and, asc, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';
import { SIGN_IN_ACTIONS } from '../system-admin/index.ts';
import { accountSharedSql } from './account-rule.ts';

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
        accountShared: accountSharedSql(siteId),
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

/** A row of `listSiteMembers` as the member lists answer it (`ZMemberRow`). */
export function memberRow(row: Awaited<ReturnType<typeof listSiteMembers>>['rows'][number]): TMemberRow {
  return {
    id: row.id,
    user_id: row.userId,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    mobile: row.mobile,
    roles: row.roles,
    status: row.status,
    joined_at: row.joinedAt.toISOString(),
    account_shared: row.accountShared,
  };
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

/**
 * A member of the organisation as the organisation may see it: the account, this membership and its roles,
 * whether the account is shared, and the newest sign-ins to this organisation (audit lines of this organisation
 * only). Nothing names the account's other organisations.
 */
export async function loadMemberDetail(db: Executor, siteId: number, userId: number, loginRecords: number) {
  const membership = await findMembership(db, siteId, userId);
  if (!membership) return null;
  const [found] = await db
    .select({ user: users, shared: accountSharedSql(siteId) })
    .from(users)
    .where(eq(users.id, userId));
  if (!found) return null;
  const { auditLogs } = schema;
  const [roles, logins] = await Promise.all([
    rolesOfMembership(db, membership.id),
    db
      .select({ action: auditLogs.action, ip: auditLogs.ip, createdAt: auditLogs.createdAt })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.siteId, siteId),
          eq(auditLogs.userId, userId),
          inArray(auditLogs.action, [...SIGN_IN_ACTIONS]),
        ),
      )
      .orderBy(desc(auditLogs.id))
      .limit(loginRecords),
  ]);
  return { user: found.user, shared: found.shared, membership, roles, logins };
}
