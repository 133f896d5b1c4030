import { type Database, openDatabase } from '@app/db';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { Config } from '../config.ts';
import { AccessCache } from './access-cache.ts';
import type { AppDeps } from './context.ts';
import { Mailer } from './mailer.ts';
import { MemoryRateLimiter, NoRateLimiter, type RateLimiter, RedisRateLimiter } from './rate-limiter.ts';
import { RealtimeHub } from './realtime.ts';
import { FileStorage } from './storage.ts';
import { UserStateCache } from './user-state-cache.ts';

export interface OpenedDeps {
  deps: AppDeps;
  database: Database;
  close(): Promise<void>;
}

/** Opens the long-lived parts for a configuration: database, logger, caches, limiter, mailer, realtime hub. */
export async function createDeps(
  config: Config,
  options: { database?: Database; validateOutput?: boolean; cacheTtlMs?: number } = {},
): Promise<OpenedDeps> {
  const log = pino({ level: config.LOG_LEVEL });
  const database = options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }) : null;
  let limiter: RateLimiter = redis ? new RedisRateLimiter(redis) : new MemoryRateLimiter();
  if (config.RATE_LIMIT === 'off') limiter = new NoRateLimiter();
  const access = new AccessCache(database.db);
  const userState = new UserStateCache(options.cacheTtlMs ?? 5000);
  const hub = new RealtimeHub({
    redisUrl: config.REDIS_URL,
    log,
    onCacheEvent: (event) => {
      if (event.kind === 'user_changed') return userState.forgetUser(event.userId);
      access.clear();
      userState.forgetAll();
    },
  });
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    log,
    access,
    userState,
    limiter,
    mailer: new Mailer(database.db, log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    hub,
    storage: FileStorage.fromConfig(config),
    validateOutput: options.validateOutput ?? false,
  };
  return {
    deps,
    database,
    async close() {
      await deps.mailer.stop();
      await hub.close();
      deps.storage.close();
      redis?.disconnect();
      if (!options.database) await database.close();
    },
  };
}
