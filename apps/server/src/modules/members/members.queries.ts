import { type Executor, schema } from '@app/db';
import { and, asc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';

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
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
        >`coalesce((select array_agg(r.role_key order by r.role_key) from site_user_roles r where r.site_user_id = ${siteUsers.id}), '{}')`,
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
