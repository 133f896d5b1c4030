import { type Database, openDatabase } from '@app/db';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { Config } from '../config.ts';
import { AccessCache } from './access-cache.ts';
import type { AppDeps } from './context.ts';
import { Mailer } from './mailer.ts';
import { MemoryRateLimiter, NoRateLimiter, type RateLimiter, RedisRateLimiter } from './rate-limiter.ts';
import { RealtimeHub } from './realtime.ts';

export interface OpenedDeps {
  deps: AppDeps;
  database: Database;
  close(): Promise<void>;
}

/** Opens the long-lived parts for a configuration: database, logger, caches, limiter, mailer, realtime hub. */
export async function createDeps(
  config: Config,
  options: { database?: Database; validateOutput?: boolean } = {},
): Promise<OpenedDeps> {
  const log = pino({ level: config.LOG_LEVEL });
  const database = options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }) : null;
  let limiter: RateLimiter = redis ? new RedisRateLimiter(redis) : new MemoryRateLimiter();
  if (config.RATE_LIMIT === 'off') limiter = new NoRateLimiter();
  const access = new AccessCache(database.db);
  const hub = new RealtimeHub({ redisUrl: config.REDIS_URL, log, onAccessChanged: () => access.clear() });
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    log,
    access,
    limiter,
    mailer: new Mailer(database.db, log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    hub,
    validateOutput: options.validateOutput ?? false,
  };
  return {
    deps,
    database,
    async close() {
      await deps.mailer.stop();
      await hub.close();
      redis?.disconnect();
      if (!options.database) await database.close();
    },
  };
}
