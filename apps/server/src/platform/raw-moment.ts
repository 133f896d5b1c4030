/**
 * A timestamp column of a raw SQL row (`queryRows`: a Date on PostgreSQL and PGlite, a string in some drivers) as
 * ISO 8601, or null when the column is null.
 */
export function rawMoment(value: unknown): string | null {
  return value === null || value === undefined ? null : new Date(value as string).toISOString();
}
