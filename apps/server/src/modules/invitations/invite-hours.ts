import { LIMITS } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, isNull, or, sql } from 'drizzle-orm';

/**
 * Hours an invitation link of an organisation lasts: the organisation's `invite_hours` setting, else the
 * platform's, else 48 (LIMITS.inviteHours). A value that is not a positive number is ignored.
 */
export async function inviteHours(db: Executor, siteId: number): Promise<number> {
  const { settings } = schema;
  const rows = await db
    .select({ siteId: settings.siteId, value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, 'invite_hours'), or(eq(settings.siteId, siteId), isNull(settings.siteId))))
    .orderBy(sql`${settings.siteId} nulls last`);
  for (const row of rows) {
    const hours = Number(row.value);
    if (Number.isFinite(hours) && hours > 0) return hours;
  }
  return LIMITS.inviteHours;
}

/** When a link made or renewed now for this organisation ends. */
export async function invitationExpiry(db: Executor, siteId: number): Promise<Date> {
  return new Date(Date.now() + (await inviteHours(db, siteId)) * 3600 * 1000);
}
