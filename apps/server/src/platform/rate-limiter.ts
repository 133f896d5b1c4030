import type { Redis } from 'ioredis';
import type { RequestContext } from './context.ts';
import { AppError } from './errors.ts';

export interface RateVerdict {
  allowed: boolean;
  /** Seconds until the caller may try again (the window's end, or the end of the running delay). */
  retryAfter: number;
}

/**
 * A growing delay between failures: after `free` failures, an attempt must wait 2^(failures - free) seconds since
 * the last failure (1 s, 2 s, 4 s …), at most `capSeconds`. The failures are forgotten `forgetSeconds` after the last.
 */
export interface BackoffRule {
  free: number;
  capSeconds: number;
  forgetSeconds: number;
}

/** Seconds an attempt must wait after the last of `failures` failures under `rule`. */
export function backoffSeconds(rule: BackoffRule, failures: number): number {
  return failures < rule.free ? 0 : Math.min(rule.capSeconds, 2 ** (failures - rule.free));
}

/** Counters shared by every instance (Redis) or kept in this process (memory). */
export interface RateLimiter {
  /** Counts one event in a fixed window that starts with the first; allowed while the count is within `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateVerdict>;
  /**
   * Lets an attempt go ahead unless the key's delay since its last failure still runs (checked and counted in one
   * step, so a burst of parallel attempts cannot slip through). An attempt that goes ahead counts as a failure until
   * `forgive` or `reset` takes it back.
   */
  backoff(key: string, rule: BackoffRule): Promise<RateVerdict>;
  /** Takes one counted event back (an attempt that turned out to be a success). */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Counts an event under `key` and refuses with `too_many_requests` beyond `max` per window. */
export async function limit(ctx: RequestContext, key: string, max: number, windowSeconds: number): Promise<void> {
  const verdict = await ctx.deps.limiter.hit(key, max, windowSeconds);
  if (!verdict.allowed) throw new AppError('too_many_requests', { seconds: verdict.retryAfter });
}

interface Counter {
  count: number;
  /** When the last event was counted (ms). */
  last: number;
  endsAt: number;
}

/** Counters one process keeps at most. */
const MEMORY_COUNTERS_MAX = 200_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, Counter>();

  /** `now` is the clock (ms); tests pass their own to step through delays. */
  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    const now = this.now();
    const counter = this.current(key, now) ?? this.start(key, now, windowSeconds);
    counter.count += 1;
    return { allowed: counter.count <= limit, retryAfter: Math.max(1, Math.ceil((counter.endsAt - now) / 1000)) };
  }

  async backoff(key: string, rule: BackoffRule): Promise<RateVerdict> {
    const now = this.now();
    const counter = this.current(key, now);
    const wait = counter ? counter.last + backoffSeconds(rule, counter.count) * 1000 - now : 0;
    if (wait > 0) return { allowed: false, retryAfter: Math.ceil(wait / 1000) };
    const counted = counter ?? this.start(key, now, rule.forgetSeconds);
    counted.count += 1;
    counted.last = now;
    counted.endsAt = now + rule.forgetSeconds * 1000;
    return { allowed: true, retryAfter: 0 };
  }

  async forgive(key: string): Promise<void> {
    const counter = this.current(key, this.now());
    if (counter) counter.count = Math.max(0, counter.count - 1);
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  private current(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    return counter && counter.endsAt > now ? counter : undefined;
  }

  private start(key: string, now: number, windowSeconds: number): Counter {
    if (this.counters.size >= MEMORY_COUNTERS_MAX) {
      for (const [old, counter] of this.counters) if (counter.endsAt <= now) this.counters.delete(old);
      // Still full (a flood of distinct keys, e.g. made-up login names): the oldest go, so memory stays bounded.
      for (const old of this.counters.keys()) {
        if (this.counters.size < MEMORY_COUNTERS_MAX * 0.9) break;
        this.counters.delete(old);
      }
    }
    const counter = { count: 0, last: now, endsAt: now + windowSeconds * 1000 };
    this.counters.set(key, counter);
    return counter;
  }
}

/** Checks the delay and counts the attempt in one step: answers 0 when it went ahead, else the ms left to wait. */
const BACKOFF_SCRIPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local now, free, cap, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if count >= free then
  local wait = last + math.min(cap, 2 ^ (count - free)) * 1000 - now
  if wait > 0 then return math.ceil(wait) end
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'last', now)
redis.call('EXPIRE', KEYS[1], forget)
return 0`;

/** Takes one back, never below zero, and only from a counter that still exists (no key without expiry). */
const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count > 0 then redis.call('HSET', KEYS[1], 'count', count - 1) end
return 0`;

/** Each counter is a hash `rate:<key>` {count, last} that expires with its window. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    const redisKey = `rate:${key}`;
    const results = await this.redis
      .multi()
      .hincrby(redisKey, 'count', 1)
      .expire(redisKey, windowSeconds, 'NX')
      .ttl(redisKey)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const remaining = Number(results?.[2]?.[1] ?? windowSeconds);
    return { allowed: count <= limit, retryAfter: Math.max(1, remaining) };
  }

  async backoff(key: string, rule: BackoffRule): Promise<RateVerdict> {
    const wait = Number(
      await this.redis.eval(
        BACKOFF_SCRIPT,
        1,
        `rate:${key}`,
        this.now(),
        rule.free,
        rule.capSeconds,
        rule.forgetSeconds,
      ),
    );
    return wait > 0 ? { allowed: false, retryAfter: Math.ceil(wait / 1000) } : { allowed: true, retryAfter: 0 };
  }

  async forgive(key: string): Promise<void> {
    await this.redis.eval(FORGIVE_SCRIPT, 1, `rate:${key}`);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rate:${key}`);
  }
}

/** A limiter that never refuses, for RATE_LIMIT=off (benchmarks). */
export class NoRateLimiter implements RateLimiter {
  async hit(): Promise<RateVerdict> {
    return { allowed: true, retryAfter: 0 };
  }
  async backoff(): Promise<RateVerdict> {
    return { allowed: true, retryAfter: 0 };
  }
  async forgive(): Promise<void> {}
  async reset(): Promise<void> {}
}
