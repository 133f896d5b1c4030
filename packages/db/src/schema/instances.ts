import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

// What server instances on one PostgreSQL database share when there is no Redis (apps/server/src/platform/
// rate-limiter-postgres.ts, realtime-postgres.ts). The migration makes these tables UNLOGGED: counters and
// presence are worth nothing after a crash, and their writes skip the write-ahead log.

/** Rate limit counters: one row per key (a fixed window, or failures with the time of the last), gone when ended. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_ends_at').on(t.endsAt)],
);

/** Realtime hub messages too large for a NOTIFY payload: the notification carries the row's id. */
export const realtimeMessages = pgTable('realtime_messages', {
  id: id(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** Each live instance's open websockets, so that online counts cover every instance. */
export const realtimePresence = pgTable('realtime_presence', {
  instanceId: varchar('instance_id', { length: 36 }).primaryKey(),
  sockets: integer('sockets').notNull(),
  /** `{ id, sockets, since }` per user (bare ids from instances of before). */
  users: jsonb('users').$type<{ id: number; sockets: number; since: number | null }[]>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
