import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BackoffRule, RateLimiter } from '../platform/rate-limiter.ts';

/**
 * The behaviour every limiter (memory, Redis) must show, run by rate-limiter.test.ts and rate-limiter.redis.test.ts.
 * `make` gets the clock the limiter must read; the cases move it forward instead of waiting.
 */
export function describeRateLimiter(name: string, make: (now: () => number) => Promise<RateLimiter> | RateLimiter) {
  const rule: BackoffRule = { free: 3, capSeconds: 8, forgetSeconds: 600 };
  let clock = Date.now();
  const fresh = () => `test:${randomBytes(6).toString('hex')}`;
  const limiter = () => make(() => clock);

  describe(`${name} rate limiter`, () => {
    it('hit: allows up to the limit in a window, refuses beyond with the seconds left; forgive takes one back', async () => {
      const l = await limiter();
      const key = fresh();
      for (let i = 0; i < 3; i++) expect((await l.hit(key, 3, 60)).allowed).toBe(true);
      const refused = await l.hit(key, 3, 60);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfter).toBeGreaterThanOrEqual(59);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
      await l.forgive(key);
      await l.forgive(key);
      expect((await l.hit(key, 3, 60)).allowed).toBe(true);
      await l.reset(key);
      expect((await l.hit(key, 1, 60)).allowed).toBe(true);
    });

    it('backoff: free attempts, then a delay doubling per failure up to the cap; forgive and reset', async () => {
      const l = await limiter();
      const key = fresh();
      for (let i = 0; i < rule.free; i++) expect((await l.backoff(key, rule)).allowed).toBe(true);
      expect(await l.backoff(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
      clock += 1000;
      expect((await l.backoff(key, rule)).allowed).toBe(true);
      expect(await l.backoff(key, rule)).toEqual({ allowed: false, retryAfter: 2 });
      clock += 1500;
      expect(await l.backoff(key, rule)).toEqual({ allowed: false, retryAfter: 1 });
      clock += 500;
      expect((await l.backoff(key, rule)).allowed).toBe(true);
      expect((await l.backoff(key, rule)).retryAfter).toBe(4);
      clock += 4000;
      expect((await l.backoff(key, rule)).allowed).toBe(true);
      expect((await l.backoff(key, rule)).retryAfter).toBe(8);
      clock += 8000;
      expect((await l.backoff(key, rule)).allowed).toBe(true);
      expect((await l.backoff(key, rule)).retryAfter).toBe(rule.capSeconds);
      // A success takes its own attempt back: the delay is the one before it.
      clock += 8000;
      expect((await l.backoff(key, rule)).allowed).toBe(true);
      await l.forgive(key);
      expect((await l.backoff(key, rule)).retryAfter).toBe(rule.capSeconds);
      await l.reset(key);
      expect((await l.backoff(key, rule)).allowed).toBe(true);
    });

    it('backoff: a burst of parallel attempts gets only the free ones through', async () => {
      const l = await limiter();
      const key = fresh();
      const verdicts = await Promise.all(Array.from({ length: 12 }, () => l.backoff(key, rule)));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(rule.free);
    });

    it('keys are apart, and forgiving an unknown key leaves nothing behind', async () => {
      const l = await limiter();
      const [a, b] = [fresh(), fresh()];
      await l.forgive(a);
      for (let i = 0; i < rule.free; i++) await l.backoff(a, rule);
      expect((await l.backoff(a, rule)).allowed).toBe(false);
      expect((await l.backoff(b, rule)).allowed).toBe(true);
    });
  });
}
