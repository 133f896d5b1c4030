// Job claiming benchmark: `npm run bench -- claim [--jobs 100000] [--operators 100] [--claim-size 10] [--pool 50]
// [--submit each|batch]`. On a fresh database of the PostgreSQL server of TEST_DATABASE_URL (else DATABASE_URL,
// default: the local test server), the real app's data with a
// released execute task of N jobs; `operators` concurrent loops call the claim service (`claimJobs`) and do each job
// handed out with the conditional update `/task/submit` guards with, until no job is left. Then the same on a second
// fresh pool of N jobs with a bare `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)` claim. Prints
// (The operators share a pool of `--pool` connections, as requests to one server instance do.) Prints
// claims/s (jobs handed out per second), claim calls/s, p50/p99 claim latency, the ratio service / bare, and the
// statements the service runs per claim with the time each takes.
import { parseArgs } from 'node:util';
import { type Database, type Executor, openDatabase, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { claimJobs } from '../apps/server/src/modules/jobs/claim-jobs.ts';
import { AppError } from '../apps/server/src/platform/errors.ts';
import { createJobFixture, type JobFixture } from '../apps/server/src/testing/job-fixture.ts';
import { siteIdByName } from '../apps/server/src/testing/sessions.ts';
import { createTestApp, type TestApp } from '../apps/server/src/testing/test-app.ts';
import { percentile, round } from './support/figures.ts';
import { createScratchDatabase } from './support/scratch-database.ts';

const TARGET_CLAIMS_PER_SECOND = 2000;
const TARGET_RATIO = 0.5;

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    operators: { type: 'string', default: '100' },
    'claim-size': { type: 'string', default: '10' },
    pool: { type: 'string', default: '50' },
    submit: { type: 'string', default: 'each' },
  },
  allowPositionals: false,
});
const jobCount = Number(values.jobs);
const operators = Number(values.operators);
const claimSize = Number(values['claim-size']);
if (!Number.isInteger(jobCount) || jobCount < 1 || jobCount > 1_000_000) throw new Error('--jobs must be 1 to 1000000');
if (!Number.isInteger(operators) || operators < 1 || operators > 500) throw new Error('--operators must be 1 to 500');
const submitMode = values.submit;
if (submitMode !== 'each' && submitMode !== 'batch') throw new Error('--submit must be each or batch');
const poolSize = Number(values.pool);
if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 500) throw new Error('--pool must be 1 to 500');
if (!Number.isInteger(claimSize) || claimSize < 1 || claimSize > 100) throw new Error('--claim-size must be 1 to 100');

type Claim = (db: Executor, userId: number, fixture: JobFixture) => Promise<{ id: number }[]>;

interface Figures {
  jobs: number;
  calls: number;
  seconds: number;
  latencies: number[];
}

/** Does jobs the way `/task/submit` guards it (holder, in progress, lease running); answers how many passed. */
async function submitHeld(db: Executor, jobIds: number[], userId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set status = 'submitted', submitted_at = now(), lease_ends_at = null, updated_at = now()
      where id in ${sql.raw(`(${jobIds.map(Number).join(',')})`)} and operator_id = ${userId}
        and status = 'in_progress' and lease_ends_at > now()
      returning id`,
  );
  return rows.length;
}

/** `operators` loops claiming with `claim` and doing what they got, until a claim answers nothing. */
async function drive(db: Executor, fixture: JobFixture, claim: Claim): Promise<Figures> {
  const latencies: number[] = [];
  let jobs = 0;
  const started = performance.now();
  await Promise.all(
    fixture.extraExecutorIds.map(async (userId) => {
      for (;;) {
        const before = performance.now();
        const got = await claim(db, userId, fixture);
        latencies.push(performance.now() - before);
        if (got.length === 0) return;
        jobs += got.length;
        const batches = submitMode === 'batch' ? [got.map((j) => j.id)] : got.map((j) => [j.id]);
        for (const ids of batches) {
          if ((await submitHeld(db, ids, userId)) !== ids.length) throw new Error(`jobs ${ids} could not be submitted`);
        }
      }
    }),
  );
  return { jobs, calls: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

function report(label: string, f: Figures) {
  const sorted = [...f.latencies].sort((a, b) => a - b);
  const perSecond = Math.round(f.jobs / f.seconds);
  console.log(
    `${label}: ${f.jobs} jobs in ${f.calls} claim calls, ${f.seconds.toFixed(1)} s: ${perSecond} claims/s ` +
      `(${Math.round(f.calls / f.seconds)} calls/s), claim latency p50 ${round(percentile(sorted, 50))} ms, ` +
      `p99 ${round(percentile(sorted, 99))} ms`,
  );
  return { perSecond, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) };
}

/** Counts the statements a claim sends and the time of each (by its place in the claim). */
function counting(db: Executor) {
  const byPlace: { count: number; ms: number }[] = [];
  let place = 0;
  const wrapped = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (query: unknown) => {
        const index = place++;
        const before = performance.now();
        try {
          return await (target.execute as (q: unknown) => Promise<unknown>)(query);
        } finally {
          byPlace[index] ??= { count: 0, ms: 0 };
          byPlace[index].count++;
          byPlace[index].ms += performance.now() - before;
        }
      };
    },
  });
  return { wrapped, byPlace, reset: () => (place = 0) };
}

const scratch = await createScratchDatabase('bench_claim');
let database: Database | null = null;
let t: TestApp | null = null;
try {
  database = await openDatabase({ url: scratch.url, dataDir: '', poolSize });
  t = await createTestApp({}, database);
  const siteId = await siteIdByName(t, '示范学院');
  const db = database.db;
  const fixtureOptions = { items: jobCount, review: [], claimSize, leaseSeconds: 3600, extraExecutors: operators };
  console.log(`database: ${scratch.label}, pool of ${poolSize} connections`);
  console.log(
    `${jobCount} jobs per pool, ${operators} concurrent operators, claim size ${claimSize}, ` +
      (submitMode === 'each' ? 'one submit per job' : 'one submit per claim (all its jobs)'),
  );

  const statements: { count: number; ms: number }[] = [];
  const serviceClaim: Claim = async (executor, userId, fixture) => {
    const probe = counting(executor);
    try {
      const { jobs, claimed } = await claimJobs(probe.wrapped, siteId, userId, fixture.executeTaskId);
      return claimed === 0 ? [] : jobs;
    } catch (error) {
      if (error instanceof AppError && error.code === 'no_job_left') return [];
      throw error;
    } finally {
      probe.byPlace.forEach((s, i) => {
        statements[i] ??= { count: 0, ms: 0 };
        statements[i].count += s.count;
        statements[i].ms += s.ms;
      });
    }
  };
  const bareClaim: Claim = (executor, userId, fixture) =>
    queryRows<{ id: number }>(
      executor,
      sql`update jobs set status = 'in_progress', operator_id = ${userId}, claimed_at = now(),
        lease_ends_at = now() + interval '1 hour', updated_at = now()
      where id in (select id from jobs where task_id = ${fixture.executeTaskId} and status = 'unclaimed'
        order by sort_key limit ${claimSize} for update skip locked)
      returning id`,
    );

  const servicePool = await createJobFixture(t, siteId, fixtureOptions);
  const barePool = await createJobFixture(t, siteId, fixtureOptions);
  await db.execute(sql`vacuum analyze jobs`);
  const service = report('claim service', await drive(db, servicePool, serviceClaim));
  await db.execute(sql`vacuum analyze jobs`);
  const bare = report('bare UPDATE ... SKIP LOCKED', await drive(db, barePool, bareClaim));
  const ratio = round(service.perSecond / bare.perSecond, 2);
  console.log(
    `service ${service.perSecond} claims/s (target >= ${TARGET_CLAIMS_PER_SECOND}), ` +
      `ratio service / bare ${ratio} (target >= ${TARGET_RATIO})`,
  );
  const calls = statements[0]?.count ?? 1;
  console.log(`statements per service claim call: ${round(statements.reduce((n, s) => n + s.count, 0) / calls, 2)}`);
  statements.forEach((s, i) => {
    console.log(`  statement ${i + 1}: ${s.count} runs, mean ${round(s.ms / s.count, 2)} ms`);
  });
  const [left] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where task_id in (${servicePool.executeTaskId}, ${barePool.executeTaskId})
      and status <> 'submitted'`,
  );
  const figures = [
    {
      name: 'claim_service_claims_per_second',
      value: service.perSecond,
      unit: 'claims/s',
      target: `>= ${TARGET_CLAIMS_PER_SECOND}`,
    },
    { name: 'claim_service_p50_ms', value: service.p50, unit: 'ms', target: 'report' },
    { name: 'claim_service_p99_ms', value: service.p99, unit: 'ms', target: 'report' },
    { name: 'claim_bare_claims_per_second', value: bare.perSecond, unit: 'claims/s', target: 'report' },
    { name: 'claim_bare_p50_ms', value: bare.p50, unit: 'ms', target: 'report' },
    { name: 'claim_bare_p99_ms', value: bare.p99, unit: 'ms', target: 'report' },
    { name: 'claim_service_to_bare_ratio', value: ratio, unit: 'ratio', target: `>= ${TARGET_RATIO}` },
    { name: 'claim_jobs_left', value: left?.n ?? -1, unit: 'jobs', target: '0' },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
  if (service.perSecond < TARGET_CLAIMS_PER_SECOND || ratio < TARGET_RATIO || left?.n !== 0) process.exitCode = 1;
} finally {
  await t?.close();
  await database?.close();
  // The pool's connections close shortly after it ends; dropping under them would log each as lost.
  await scratch.drop();
}
