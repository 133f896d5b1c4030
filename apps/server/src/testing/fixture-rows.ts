import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { TestApp } from './test-app.ts';

/** A short random tag that keeps the names of fixtures unique among the tests that share a database. */
export const fixtureTag = () => Math.random().toString(36).slice(2, 10);

/** Inserts one row made directly in the database for a test; answers its id. */
export async function insertId<T extends PgTable & { id: AnyPgColumn }>(
  t: TestApp,
  table: T,
  values: PgInsertValue<T>,
): Promise<number> {
  const [row] = await t.deps.db.insert(table).values(values).returning({ id: table.id });
  return row!.id as number;
}
