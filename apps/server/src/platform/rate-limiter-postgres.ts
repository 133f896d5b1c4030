import { type Db, queryRows, schema } from '@app/db';
import { eq, lt, sql } from 'drizzle-orm';
import type { RateLimiter, RateVerdict } from './rate-limiter.ts';

/** Rows whose window ended are deleted at most this often (per instance), by the next hit. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window counters in PostgreSQL's `rate_limit_counters` (an UNLOGGED table), shared by every instance on
 * the database when there is no Redis. A hit is one upsert: it starts a window when the key has none or its
 * window has ended, else counts one more.
 */
export class PostgresRateLimiter implements RateLimiter {
  private sweptAt = Date.now();

  constructor(private readonly db: Db) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    await this.sweepNowAndThen();
    const [row] = await queryRows<{ count: number; retry_after: number }>(
      this.db,
      sql`insert into rate_limit_counters as c (key, count, ends_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when c.ends_at <= now() then 1 else c.count + 1 end,
          ends_at = case when c.ends_at <= now() then excluded.ends_at else c.ends_at end
        returning c.count, ceil(extract(epoch from c.ends_at - now()))::int as retry_after`,
    );
    return { allowed: row!.count <= limit, retryAfter: Math.max(1, row!.retry_after) };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(schema.rateLimitCounters).where(eq(schema.rateLimitCounters.key, key));
  }

  /** Deletes the rows whose window has ended (a later hit of their key would restart them anyway). */
  async sweep(): Promise<void> {
    this.sweptAt = Date.now();
    await this.db.delete(schema.rateLimitCounters).where(lt(schema.rateLimitCounters.endsAt, sql`now()`));
  }

  private async sweepNowAndThen(): Promise<void> {
    if (Date.now() - this.sweptAt >= SWEEP_EVERY_MS) await this.sweep();
  }
}
