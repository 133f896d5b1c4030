import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A column named with its table (`"groups"."id"`), for correlated subqueries in `sql` fragments. Drizzle writes
 * columns without their table in a select from one table, so `${groups.id}` inside a subquery over another table
 * that also has an `id` would name the inner table's column and count the wrong rows.
 */
export function outerColumn(column: PgColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}
