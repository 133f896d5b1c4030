import type { Db } from '@app/db';
import type { Lang } from '@app/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { AccessCache } from './access-cache.ts';
import type { ReadinessCheck } from './health.ts';
import type { Mailer } from './mailer.ts';
import type { Metrics } from './metrics.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { RealtimeHub } from './realtime.ts';
import type { FileStorage } from './storage.ts';
import type { UserStateCache } from './user-state-cache.ts';

/** Long-lived parts the handlers use, built once by main.ts (or a test) and passed to buildApp. */
export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
  access: AccessCache;
  /** Resolved sessions and per-user answers for a few seconds; see notifyUserChanged. */
  userState: UserStateCache;
  limiter: RateLimiter;
  mailer: Mailer;
  hub: RealtimeHub;
  /** Stored files: PUBLIC_FOLDERS served under /files/, the rest only by routes that check the caller. */
  storage: FileStorage;
  /** The figures `/metrics` exposes. */
  metrics: Metrics;
  /** The parts `/readyz` checks, by name. */
  readiness: Record<string, ReadinessCheck>;
  /** Checks every handler's output against its contract (on in tests). */
  validateOutput: boolean;
}

/** The caller as the session says: current site and role come from here, never from the request body. */
export interface SessionInfo {
  sessionId: number;
  userId: number;
  username: string;
  /** Current organisation; null when the user has no open membership. */
  siteId: number | null;
  /** Current role in that organisation; null when the user holds none there. */
  role: string | null;
  permissions: ReadonlySet<string>;
}

export interface RequestContext {
  deps: AppDeps;
  db: Db;
  lang: Lang;
  ip: string;
  /** `protocol://host` the caller used, for per-origin configuration. */
  origin: string;
  userAgent: string;
  requestId: string;
  log: FastifyBaseLogger;
  session: SessionInfo | null;
}

export interface AuthedContext extends RequestContext {
  session: SessionInfo;
}

/** A context whose session has a current organisation: what tenant procedures receive. */
export interface TenantContext extends AuthedContext {
  session: SessionInfo & { siteId: number; role: string };
}
