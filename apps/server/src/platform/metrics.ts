import { timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@app/contracts';
import type { Database } from '@app/db';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { AppDeps } from './context.ts';

let processRegistry: Registry | undefined;

/** Node's own figures (CPU, memory, event-loop lag, GC, handles), collected once per process however many apps run. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricSources {
  log: FastifyBaseLogger;
  /** Open websockets on this instance. */
  sockets(): number;
  /** PostgreSQL's pool; none on PGlite. */
  pool?: Database['pool'];
}

/**
 * The figures `/metrics` exposes in Prometheus' text format (prom-client), per app (tests run several in a process):
 * requests and their latency per route (a procedure's route is `/api` + its contract path, never a URL with ids),
 * error answers per code, open websockets, the queue's waiting jobs and job durations, the database pool, and the
 * process' own figures (event-loop lag among them).
 */
export class Metrics {
  private readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by route',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'http_errors_total',
    help: 'Error answers by error code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  private readonly jobs = new Histogram({
    name: 'queue_job_duration_seconds',
    help: 'Run time of background jobs by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });
  /** Set by the queue while it runs: its waiting jobs (created or retrying) per queue. */
  waitingJobs: (() => Promise<Record<string, number>>) | null = null;

  constructor(sources: MetricSources) {
    new Gauge({
      name: 'websocket_connections',
      help: 'Open websocket connections on this instance',
      registers: [this.registry],
      collect() {
        this.set(sources.sockets());
      },
    });
    const metrics = this;
    new Gauge({
      name: 'queue_jobs_waiting',
      help: 'Background jobs waiting to run, by queue',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        try {
          const sizes = (await metrics.waitingJobs?.()) ?? {};
          for (const [queue, size] of Object.entries(sizes)) this.set({ queue }, size);
        } catch (error) {
          sources.log.warn({ err: error }, 'metrics: the queue sizes could not be read');
        }
      },
    });
    const { pool } = sources;
    if (pool) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Connections of the database pool: all of them, and the idle ones',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'db_pool_waiting',
        help: 'Queries waiting for a connection of the database pool',
        registers: [this.registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
  }

  countRequest(route: string, status: number, seconds: number): void {
    this.requests.inc({ route, status });
    this.latency.observe({ route }, seconds);
  }

  countError(code: ErrorCode): void {
    this.errors.inc({ code });
  }

  countJob(queue: string, outcome: 'done' | 'failed', seconds: number): void {
    this.jobs.observe({ queue, outcome }, seconds);
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; text: string }> {
    const text = (await processMetrics().metrics()) + (await this.registry.metrics());
    return { contentType: this.registry.contentType, text };
  }
}

/** The route a request is counted under: its route's pattern, `web` for the web client's files, else `unmatched`. */
function routeOf(request: FastifyRequest): string {
  const { url, config } = request.routeOptions;
  if (config.webClient) return 'web';
  return url ?? 'unmatched';
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether a request may read `/metrics`: with METRICS_TOKEN, only by `Authorization: Bearer <token>`; without it,
 * only from a loopback address with no proxy in between (no `Forwarded`/`X-Forwarded-For`, so a proxy on the same
 * machine does not open it to everyone).
 */
export function metricsAllowed(
  config: Pick<Config, 'METRICS_TOKEN'>,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
): boolean {
  if (config.METRICS_TOKEN) {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    const expected = Buffer.from(`Bearer ${config.METRICS_TOKEN}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const forwarded = request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined;
  return !forwarded && LOOPBACK.test(request.ip);
}

/** Counts every answer, and serves `GET /metrics` to the callers `metricsAllowed` lets in (404 to the others). */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onResponse', async (request, reply) => {
    deps.metrics.countRequest(routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!metricsAllowed(deps.config, request)) return reply.callNotFound();
    const { contentType, text } = await deps.metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(text);
  });
}
