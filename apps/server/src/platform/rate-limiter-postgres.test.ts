import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRateLimiter } from '../testing/rate-limiter-cases.ts';
import type { TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { PostgresRateLimiter } from './rate-limiter-postgres.ts';

// The limiter on the database tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL); sharing between
// instances is in instances.pg.test.ts.
let database: TestApp['database'];
let limiter: PostgresRateLimiter;
beforeAll(async () => {
  database = await openTestDatabase();
  limiter = new PostgresRateLimiter(database.db);
});
afterAll(() => database?.close());

async function hits(key: string, times: number, limit = 3, windowSeconds = 60) {
  const verdicts = [];
  for (let i = 0; i < times; i++) verdicts.push(await limiter.hit(key, limit, windowSeconds));
  return verdicts;
}

const endWindow = (key: string) =>
  database.db.execute(sql`update rate_limit_counters set ends_at = now() - interval '1 second' where key = ${key}`);

describe('PostgresRateLimiter', () => {
  it('allows `limit` hits per window, then refuses until the window ends; keys count apart', async () => {
    const verdicts = await hits('login:ip:10.0.0.1', 4, 3, 300);
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    for (const verdict of verdicts) expect(verdict.retryAfter).toBeGreaterThanOrEqual(299);
    for (const verdict of verdicts) expect(verdict.retryAfter).toBeLessThanOrEqual(300);
    expect((await limiter.hit('login:ip:10.0.0.2', 3, 300)).allowed).toBe(true);
  });

  it('starts a new window once the old one has ended', async () => {
    await hits('window', 4);
    expect((await limiter.hit('window', 3, 60)).allowed).toBe(false);
    await endWindow('window');
    expect((await hits('window', 4)).map((v) => v.allowed)).toEqual([true, true, true, false]);
  });

  it('reset clears a key at once', async () => {
    await hits('account', 4);
    await limiter.reset('account');
    expect((await limiter.hit('account', 3, 60)).allowed).toBe(true);
  });

  it('counts simultaneous hits exactly: no more than `limit` are allowed', async () => {
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst', 5, 60)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
  });

  it('sweep deletes the counters whose window has ended, and only those', async () => {
    await hits('ended', 1);
    await hits('running', 1);
    await endWindow('ended');
    await limiter.sweep();
    const rows = await queryRows<{ key: string }>(
      database.db,
      sql`select key from rate_limit_counters where key in ('ended', 'running')`,
    );
    expect(rows.map((row) => row.key)).toEqual(['running']);
  });
});

describeRateLimiter('PostgreSQL', (now) => new PostgresRateLimiter(database.db, now));
