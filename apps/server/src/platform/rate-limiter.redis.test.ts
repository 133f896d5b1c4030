import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { describeRateLimiter } from '../testing/rate-limiter-cases.ts';
import { RedisRateLimiter } from './rate-limiter.ts';

// The same cases as the memory limiter's, on a real Redis (keys are random, so other users of the database do not
// matter); the parallel-burst case shows the check-and-count script is atomic.
const redis = new Redis(process.env.TEST_REDIS_URL!);
afterAll(() => redis.quit());

describeRateLimiter('Redis', (now) => new RedisRateLimiter(redis, now));
