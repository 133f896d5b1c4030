import { describeRateLimiter } from '../testing/rate-limiter-cases.ts';
import { MemoryRateLimiter } from './rate-limiter.ts';

describeRateLimiter('memory', (now) => new MemoryRateLimiter(now));
