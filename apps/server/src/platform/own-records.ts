import type { Executor } from '@app/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from './errors.ts';

/** A table whose records belong to one organisation (site_id). */
type SiteOwnedTable = PgTable & { id: AnyPgColumn; siteId: AnyPgColumn };

/** Every id (nulls skipped) names a record of the organisation in that table, else not_found. */
export async function requireOwnRecords(
  db: Executor,
  siteId: number,
  table: SiteOwnedTable,
  ids: readonly (number | null)[],
): Promise<void> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (unique.length === 0) return;
  const [found] = await db
    .select({ count: count() })
    .from(table)
    .where(and(eq(table.siteId, siteId), inArray(table.id, unique)));
  if ((found?.count ?? 0) !== unique.length) throw new AppError('not_found');
}
