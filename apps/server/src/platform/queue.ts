import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppDeps } from './context.ts';

/**
 * Background work on pg-boss (ARCHITECTURE.md "Background jobs"), in the application's own database: PostgreSQL
 * (through the app's pool) or embedded PGlite (one connection; pg-boss's statements are serialised with the app's
 * transactions by PGlite itself). pg-boss keeps its tables in the `pgboss` schema, which it creates on first start.
 *
 * Modules define their jobs with `defineQueueJob` and app.ts lists them; every server instance works every queue.
 * A job's `run` gets an AbortSignal that fires when the server stops: long work checks it between steps and
 * returns early, leaving its own record resumable (`onStart` of the definition re-queues such work on start).
 */
export interface QueueJob<T extends object> {
  /** Queue name (letters, digits, `-`, `_`). */
  name: string;
  /** Seconds a job may run before pg-boss considers it lost and retries it. */
  expireInSeconds?: number;
  /** Jobs of this queue one server works at once (default 1); pg-boss hands them out oldest first. */
  concurrency?: number;
  run(data: T, ctx: { deps: AppDeps; signal: AbortSignal }): Promise<void>;
  /** Called once the queue runs, e.g. to re-queue work an earlier process left unfinished. */
  onStart?(deps: AppDeps, queue: Queue): Promise<void>;
}

export function defineQueueJob<T extends object>(job: QueueJob<T>): QueueJob<T> {
  return job;
}

interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<Array<{ rows: unknown[] }>>;
}

/** pg-boss's `db` option over the app's client: `pg.Pool` runs multi-statement text as is; PGlite needs `exec`. */
function bossDb(deps: AppDeps): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  const client = (deps.db as unknown as { $client: SqlClient }).$client;
  return {
    async executeSql(text, values) {
      if (deps.dbKind === 'pglite' && (!values || values.length === 0) && client.exec) {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
      return client.query(text, values);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
type AnyJob = QueueJob<any>;

export class Queue {
  private readonly abort = new AbortController();

  private constructor(private readonly boss: PgBoss) {}

  static async start(deps: AppDeps, jobs: readonly AnyJob[]): Promise<Queue> {
    const boss = new PgBoss({ db: bossDb(deps), schema: 'pgboss', supervise: true, migrate: true });
    boss.on('error', (error) => deps.log.error({ err: error }, 'queue error'));
    await boss.start();
    const queue = new Queue(boss);
    for (const job of jobs) {
      await boss.createQueue(job.name, {
        name: job.name,
        retryLimit: 3,
        retryDelay: 5,
        expireInSeconds: job.expireInSeconds ?? 6 * 3600,
      });
      const handler = async (batch: PgBoss.Job<object>[]) => {
        for (const item of batch) {
          const started = performance.now();
          let outcome: 'done' | 'failed' = 'failed';
          try {
            await job.run(item.data, { deps, signal: queue.abort.signal });
            outcome = 'done';
          } finally {
            deps.metrics.countJob(job.name, outcome, (performance.now() - started) / 1000);
          }
        }
      };
      // pg-boss 10 has no local concurrency option: each worker polls and runs one job at a time.
      for (let worker = 0; worker < Math.max(1, job.concurrency ?? 1); worker++) {
        await boss.work(job.name, { pollingIntervalSeconds: 1, batchSize: 1 }, handler);
      }
    }
    deps.metrics.waitingJobs = () => queue.waitingJobs(jobs.map((job) => job.name));
    for (const job of jobs) await job.onStart?.(deps, queue);
    return queue;
  }

  /** Jobs waiting to run (created or retrying) per queue: one indexed count each (`/metrics`). */
  async waitingJobs(names: readonly string[]): Promise<Record<string, number>> {
    const sizes = await Promise.all(names.map((name) => this.boss.getQueueSize(name)));
    return Object.fromEntries(names.map((name, index) => [name, sizes[index] ?? 0]));
  }

  /** Queues one run of `job`. */
  async send<T extends object>(job: QueueJob<T>, data: T): Promise<void> {
    await this.boss.send(job.name, data, { expireInSeconds: job.expireInSeconds ?? 6 * 3600 });
  }

  /** Tells running jobs to return at their next check, waits for them (up to 30 s), then stops polling. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }
}

const QUEUES = new WeakMap<AppDeps, Queue>();

/** The running queue of these dependencies (started by `registerQueue` when the app is ready). */
export function queueOf(deps: AppDeps): Queue {
  const queue = QUEUES.get(deps);
  if (!queue) throw new Error('the queue is not running');
  return queue;
}

/** Starts the queue with the server (when it is ready) and stops it when the server closes. */
export function registerQueue(app: FastifyInstance, deps: AppDeps, jobs: readonly AnyJob[]): void {
  app.addHook('onReady', async () => {
    QUEUES.set(deps, await Queue.start(deps, jobs));
  });
  app.addHook('onClose', async () => {
    const queue = QUEUES.get(deps);
    QUEUES.delete(deps);
    deps.metrics.waitingJobs = null;
    await queue?.stop();
  });
}
