import { type Database, openDatabase } from '@app/db';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { Config } from '../config.ts';
import { AccessCache } from './access-cache.ts';
import type { AppDeps } from './context.ts';
import { readinessChecks } from './health.ts';
import { textLogDestination } from './log-format.ts';
import { Mailer } from './mailer.ts';
import { Metrics } from './metrics.ts';
import { MemoryRateLimiter, NoRateLimiter, type RateLimiter, RedisRateLimiter } from './rate-limiter.ts';
import { PostgresRateLimiter } from './rate-limiter-postgres.ts';
import { RealtimeHub } from './realtime.ts';
import { type BusFactory, LocalBus } from './realtime-bus.ts';
import { RealtimePostgres } from './realtime-postgres.ts';
import { RealtimeRedis } from './realtime-redis.ts';
import type { FileStorage } from './storage.ts';
import { LocalFileStorage } from './storage-local.ts';
import { S3FileStorage } from './storage-s3.ts';
import { UserStateCache } from './user-state-cache.ts';

export interface OpenedDeps {
  deps: AppDeps;
  database: Database;
  close(): Promise<void>;
}

/**
 * Opens the long-lived parts for a configuration: database, logger, caches, limiter, mailer, realtime hub, metrics
 * and readiness checks.
 */
export async function createDeps(
  config: Config,
  options: { database?: Database; validateOutput?: boolean; cacheTtlMs?: number } = {},
): Promise<OpenedDeps> {
  const log =
    config.LOG_FORMAT === 'text'
      ? pino({ level: config.LOG_LEVEL }, textLogDestination())
      : pino({ level: config.LOG_LEVEL });
  const database = options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }) : null;
  // ioredis reconnects by itself; an outage is logged here and shown by /readyz.
  redis?.on('error', (error: unknown) => log.warn({ err: error }, 'redis error'));
  const shared = sharedState(config.REDIS_URL, redis, database);
  const limiter = config.RATE_LIMIT === 'off' ? new NoRateLimiter() : shared.limiter;
  const access = new AccessCache(database.db);
  const userState = new UserStateCache(options.cacheTtlMs ?? 5000);
  const hub = new RealtimeHub({
    bus: shared.bus,
    log,
    onCacheEvent: (event) => {
      if (event.kind === 'user_changed') return userState.forgetUser(event.userId);
      access.clear();
      userState.forgetAll();
    },
  });
  const storage = createFileStorage(config);
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
    storage,
    metrics: new Metrics({ log, sockets: () => hub.localSocketCount(), pool: database.pool }),
    readiness: readinessChecks({ db: database.db, storage, redis }),
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

/**
 * What the instances of a deployment share (rate limit counters, realtime events and presence): through Redis when
 * REDIS_URL is set, else through PostgreSQL; the embedded database serves one process (its DATA_DIR lock), which
 * keeps them in memory.
 */
function sharedState(
  redisUrl: string | undefined,
  redis: Redis | null,
  database: Database,
): { limiter: RateLimiter; bus: BusFactory } {
  if (redisUrl && redis) {
    return { limiter: new RedisRateLimiter(redis), bus: (listener) => new RealtimeRedis(redisUrl, listener) };
  }
  const { url } = database;
  if (database.kind === 'postgres') {
    if (!url) throw new Error('PostgreSQL without its url: the realtime hub listens on a connection of its own');
    return {
      limiter: new PostgresRateLimiter(database.db),
      bus: (listener) => new RealtimePostgres(url, database.db, listener),
    };
  }
  return { limiter: new MemoryRateLimiter(), bus: () => new LocalBus() };
}

/** The store the configuration names: the S3-compatible bucket when S3_ENDPOINT is set, else `DATA_DIR/files`. */
function createFileStorage(config: Config): FileStorage {
  return config.S3_ENDPOINT ? S3FileStorage.fromConfig(config) : LocalFileStorage.fromConfig(config);
}
