import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';

const LOGIN_ACTIONS = sql`('login', 'login_quick', 'login_after_signup')`;

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
      (SELECT count(*)::int FROM sessions WHERE revoked_at IS NULL AND expires_at > now()) AS sessions_active,
      (SELECT count(*)::int FROM audit_logs WHERE action IN ${LOGIN_ACTIONS} AND created_at >= date_trunc('day', now())) AS logins_today`,
  );
  const days = await queryRows<{ day: string; count: number }>(
    ctx.db,
    sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(a.id)::int AS count
        FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') AS d(day)
        LEFT JOIN audit_logs a ON a.action IN ${LOGIN_ACTIONS} AND a.created_at >= d.day AND a.created_at < d.day + interval '1 day'
        GROUP BY d.day ORDER BY d.day`,
  );
  const roles = await queryRows<{ role: string; count: number }>(
    ctx.db,
    sql`SELECT role_key AS role, count(*)::int AS count FROM site_user_roles GROUP BY role_key ORDER BY count DESC, role_key`,
  );
  const c = counts ?? {};
  return {
    sites: { total: c.sites_total ?? 0, open: c.sites_open ?? 0, closed: (c.sites_total ?? 0) - (c.sites_open ?? 0) },
    users: { total: c.users_total ?? 0, new_last_7_days: c.users_new ?? 0 },
    memberships: { active: c.members_active ?? 0, pending: c.members_pending ?? 0 },
    logins: { today: c.logins_today ?? 0, last_7_days: days },
    active_sessions: c.sessions_active ?? 0,
    roles,
  };
}
