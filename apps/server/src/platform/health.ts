import { type Db, migrationsApplied } from '@app/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDeps } from './context.ts';
import { AppError } from './errors.ts';
import type { FileStorage } from './storage.ts';

/** How long one readiness check may take before it counts as failing. */
const CHECK_TIMEOUT_MS = 2000;

/** One part `/readyz` checks: resolves when the part works, rejects (with the reason, for the log) when not. */
export type ReadinessCheck = () => Promise<void>;

/** What each part answered: `ok`, `failing`, or `unchecked` (migrations, while the database itself fails). */
export type CheckResult = 'ok' | 'failing' | 'unchecked';

/**
 * Runs `check` at most once at a time: a probe arriving while the previous one still waits (an unreachable server
 * whose connection attempt hangs) shares that attempt instead of starting another.
 */
function oneAtATime(check: ReadinessCheck): ReadinessCheck {
  let running: Promise<void> | null = null;
  return () => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };
}

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * The parts a server needs to serve: the database (`select 1`), its migrations (every migration of this code
 * applied), Redis when configured, and the file store's folder (writable).
 */
export function readinessChecks(parts: {
  db: Db;
  storage: FileStorage;
  redis: Redis | null;
}): Record<string, ReadinessCheck> {
  const { db, storage, redis } = parts;
  const checks: Record<string, ReadinessCheck> = {
    database: oneAtATime(async () => {
      await db.execute(sql`select 1`);
    }),
    migrations: oneAtATime(async () => {
      if (!(await migrationsApplied(db))) throw new Error('the database lacks migrations of this version');
    }),
    storage: oneAtATime(() => storage.checkWritable()),
  };
  if (redis) {
    checks.redis = oneAtATime(async () => {
      if (redis.status !== 'ready') throw new Error(`Redis connection ${redis.status}`);
      await redis.ping();
    });
  }
  return checks;
}

/** Runs every check at once (migrations after the database), each bounded by CHECK_TIMEOUT_MS. */
async function runChecks(deps: AppDeps): Promise<Record<string, CheckResult>> {
  const { migrations, ...others } = deps.readiness;
  const results: Record<string, CheckResult> = {};
  const run = async (part: string, check: ReadinessCheck) => {
    try {
      await withTimeout(check);
      results[part] = 'ok';
    } catch (error) {
      deps.log.warn({ part, err: error }, 'readiness check failed');
      results[part] = 'failing';
    }
  };
  await Promise.all(
    Object.entries(others).map(async ([part, check]) => {
      await run(part, check);
      if (part === 'database' && migrations) {
        if (results.database === 'ok') await run('migrations', migrations);
        else results.migrations = 'unchecked';
      }
    }),
  );
  return Object.fromEntries(Object.entries(results).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * `GET /healthz` (and the older `/health`): the process is alive, `{status:'ok'}`. `GET /readyz`: every readiness
 * check passes, `{status:'ok', checks}`; otherwise 503 `not_ready` naming the failing parts (`details.failing`).
 * Probes come every few seconds, so these routes log only warnings.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const alive = async () => ({ status: 'ok' });
  app.get('/healthz', { logLevel: 'warn' }, alive);
  app.get('/health', { logLevel: 'warn' }, alive);
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const checks = await runChecks(deps);
    const failing = Object.keys(checks).filter((part) => checks[part] === 'failing');
    if (failing.length) throw new AppError('not_ready', { parts: failing.join(', ') }, { failing, checks });
    return reply.header('cache-control', 'no-store').send({ status: 'ok', checks });
  });
}
