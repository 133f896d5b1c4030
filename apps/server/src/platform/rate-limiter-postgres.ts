import { type Db, queryRows, schema } from '@app/db';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { BackoffRule, RateLimiter, RateVerdict } from './rate-limiter.ts';

/** Rows whose window ended are deleted at most this often (per instance), by the next call. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counters in PostgreSQL's `rate_limit_counters` (an UNLOGGED table), shared by every instance on the database when
 * there is no Redis. Each operation is one statement on the key's row, so parallel callers on any instance are
 * counted exactly. Times come from the caller's clock (`now`, as the Redis limiter's delays do), so tests can step it.
 */
export class PostgresRateLimiter implements RateLimiter {
  private sweptAt = Date.now();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    await this.sweepNowAndThen();
    const now = this.nowSql();
    const [row] = await queryRows<{ count: number; left_ms: number }>(
      this.db,
      sql`insert into rate_limit_counters as c (key, count, last_at, ends_at)
        values (${key}, 1, ${now}, ${now} + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when c.ends_at <= ${now} then 1 else c.count + 1 end,
          last_at = ${now},
          ends_at = case when c.ends_at <= ${now} then excluded.ends_at else c.ends_at end
        returning c.count, extract(epoch from c.ends_at - ${now}) * 1000 as left_ms`,
    );
    return { allowed: row!.count <= limit, retryAfter: Math.max(1, Math.ceil(Number(row!.left_ms) / 1000)) };
  }

  /**
   * The attempt goes ahead (and is counted) only when the key's delay has run out: the upsert's WHERE refuses the
   * update otherwise, and the outer select reads the row as it was to say how long is left.
   */
  async backoff(key: string, rule: BackoffRule): Promise<RateVerdict> {
    await this.sweepNowAndThen();
    const now = this.nowSql();
    const delayEnd = sql`c.last_at + least(${rule.capSeconds}, power(2, c.count - ${rule.free})) * interval '1 second'`;
    const [row] = await queryRows<{ allowed: boolean; left_ms: number | null }>(
      this.db,
      sql`with attempt as (
          insert into rate_limit_counters as c (key, count, last_at, ends_at)
          values (${key}, 1, ${now}, ${now} + make_interval(secs => ${rule.forgetSeconds}))
          on conflict (key) do update set
            count = case when c.ends_at <= ${now} then 1 else c.count + 1 end,
            last_at = ${now},
            ends_at = excluded.ends_at
          where c.ends_at <= ${now} or c.count < ${rule.free} or ${delayEnd} <= ${now}
          returning 1
        )
        select exists(select 1 from attempt) as allowed,
          (select extract(epoch from ${delayEnd} - ${now}) * 1000 from rate_limit_counters c where c.key = ${key})
            as left_ms`,
    );
    if (row!.allowed) return { allowed: true, retryAfter: 0 };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil(Number(row!.left_ms ?? 0) / 1000)) };
  }

  async forgive(key: string): Promise<void> {
    const { rateLimitCounters: c } = schema;
    await this.db
      .update(c)
      .set({ count: sql`greatest(${c.count} - 1, 0)` })
      .where(and(eq(c.key, key), gt(c.endsAt, this.timestamp())));
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(schema.rateLimitCounters).where(eq(schema.rateLimitCounters.key, key));
  }

  /** Deletes the rows whose window has ended (a later call for their key would start them again anyway). */
  async sweep(): Promise<void> {
    this.sweptAt = Date.now();
    await this.db.delete(schema.rateLimitCounters).where(lt(schema.rateLimitCounters.endsAt, this.timestamp()));
  }

  private timestamp(): Date {
    return new Date(this.now());
  }

  private nowSql() {
    return sql`${this.timestamp().toISOString()}::timestamptz`;
  }

  private async sweepNowAndThen(): Promise<void> {
    if (Date.now() - this.sweptAt >= SWEEP_EVERY_MS) await this.sweep();
  }
}
