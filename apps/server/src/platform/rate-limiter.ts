import type { Redis } from 'ioredis';

export interface RateVerdict {
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** Fixed-window counters shared by every instance (Redis) or kept in this process (memory). */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateVerdict>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.endsAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      entry = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { allowed: entry.count <= limit, retryAfter: Math.ceil((entry.endsAt - now) / 1000) };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
    const redisKey = `rate:${key}`;
    const results = await this.redis.multi().incr(redisKey).expire(redisKey, windowSeconds, 'NX').ttl(redisKey).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const remaining = Number(results?.[2]?.[1] ?? windowSeconds);
    return { allowed: count <= limit, retryAfter: Math.max(1, remaining) };
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
  async reset(): Promise<void> {}
}
