import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';

import { countLoginsToday, loginsLastSevenDays, roleCounts } from './dashboard.queries.ts';

/** Platform-wide figures for the platform dashboard (platform procedure: not scoped to one organisation). */
export async function getPlatformDashboard(ctx: RequestContext) {
  const [counts] = await queryRows<Record<string, number>>(
    ctx.db,
    sql`SELECT
      (SELECT count(*)::int FROM sites) AS sites_total,
      (SELECT count(*)::int FROM sites WHERE status = 'open') AS sites_open,
      (SELECT count(*)::int FROM users) AS users_total,
      (SELECT count(*)::int FROM users WHERE created_at > now() - interval '7 days') AS users_new,
      (SELECT count(*)::int FROM site_users WHERE status = 'active') AS members_active,
      (SELECT count(*)::int FROM site_users WHERE status = 'pending') AS members_pending,
      (SELECT count(*)::int FROM sessions WHERE revoked_at IS NULL AND expires_at > now()) AS sessions_active`,
  );
  const [today, days, roles] = await Promise.all([
    countLoginsToday(ctx.db, null),
    loginsLastSevenDays(ctx.db, null),
    roleCounts(ctx.db, null),
  ]);
  const c = counts ?? {};
  return {
    sites: { total: c.sites_total ?? 0, open: c.sites_open ?? 0, closed: (c.sites_total ?? 0) - (c.sites_open ?? 0) },
    users: { total: c.users_total ?? 0, new_last_7_days: c.users_new ?? 0 },
    memberships: { active: c.members_active ?? 0, pending: c.members_pending ?? 0 },
    logins: { today, last_7_days: days },
    active_sessions: c.sessions_active ?? 0,
    roles,
  };
}
