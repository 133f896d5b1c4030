import { queryRows, schema } from '@app/db';
import { desc, eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { siteDisplayName } from '../../platform/site-name.ts';
import { findSiteById } from '../iam/index.ts';
import { countLoginsToday, loginsLastSevenDays, roleCounts } from './dashboard.queries.ts';

/** The current organisation's figures for its teachers and managers. */
export async function getSiteDashboard(ctx: TenantContext) {
  const { siteId } = ctx.session;
  const { siteUsers, users } = schema;
  const [site, [members], roles, today, days, recent] = await Promise.all([
    findSiteById(ctx.db, siteId),
    queryRows<{ active: number; pending: number }>(
      ctx.db,
      sql`SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE status = 'pending')::int AS pending
          FROM site_users WHERE site_id = ${siteId}`,
    ),
    roleCounts(ctx.db, siteId),
    countLoginsToday(ctx.db, siteId),
    loginsLastSevenDays(ctx.db, siteId),
    ctx.db
      .select({ nickname: users.nickname, username: users.username, joinedAt: siteUsers.joinedAt })
      .from(siteUsers)
      .innerJoin(users, eq(users.id, siteUsers.userId))
      .where(eq(siteUsers.siteId, siteId))
      .orderBy(desc(siteUsers.joinedAt), desc(siteUsers.id))
      .limit(5),
  ]);
  return {
    site: { id: siteId, name: site ? siteDisplayName(site, ctx.lang) : '' },
    members: { active: members?.active ?? 0, pending: members?.pending ?? 0 },
    roles,
    logins: { today, last_7_days: days },
    recent_members: recent.map((m) => ({
      nickname: m.nickname,
      username: m.username,
      joined_at: m.joinedAt.toISOString(),
    })),
  };
}
