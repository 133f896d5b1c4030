import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';

const LOGIN_ACTIONS = sql`('login', 'login_quick', 'login_after_signup')`;
const ofSite = (column: SQL, siteId: number | null) => (siteId === null ? sql`true` : sql`${column} = ${siteId}`);

/** Sign-ins since midnight, on the whole platform (siteId null) or in one organisation. */
export async function countLoginsToday(db: Executor, siteId: number | null): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM audit_logs
        WHERE action IN ${LOGIN_ACTIONS} AND created_at >= date_trunc('day', now()) AND ${ofSite(sql`site_id`, siteId)}`,
  );
  return row?.count ?? 0;
}

/** Sign-ins per day over the last seven days, today included, days without any as 0. */
export function loginsLastSevenDays(db: Executor, siteId: number | null) {
  return queryRows<{ day: string; count: number }>(
    db,
    sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(a.id)::int AS count
        FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') AS d(day)
        LEFT JOIN audit_logs a ON a.action IN ${LOGIN_ACTIONS} AND a.created_at >= d.day
          AND a.created_at < d.day + interval '1 day' AND ${ofSite(sql`a.site_id`, siteId)}
        GROUP BY d.day ORDER BY d.day`,
  );
}

/** Members holding each role, on the whole platform or in one organisation. */
export function roleCounts(db: Executor, siteId: number | null) {
  return queryRows<{ role: string; count: number }>(
    db,
    sql`SELECT role_key AS role, count(*)::int AS count FROM site_user_roles
        WHERE ${ofSite(sql`site_id`, siteId)} GROUP BY role_key ORDER BY count DESC, role_key`,
  );
}
