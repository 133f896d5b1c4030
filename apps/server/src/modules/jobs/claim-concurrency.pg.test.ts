import { type Database, type Executor, openDatabase, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { createJobFixture, type JobFixture } from '../../testing/job-fixture.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { claimJobs } from './claim-jobs.ts';
import { sweepJobs } from './sweep-jobs.ts';

const JOBS = 10_000;
const CLAIMERS = 50;

let t: TestApp;
/** A second pool on the test database, big enough for every claimer to hold a connection at once. */
let wide: Database;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  wide = await openDatabase({ url: t.database.url!, dataDir: '', poolSize: CLAIMERS + 5 });
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(async () => {
  await wide?.close();
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Does a job the way `/task/submit` guards it: only the holder, while in progress, lease running. */
async function submitHeld(db: Executor, jobId: number, userId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set status = 'submitted', submitted_at = now(), lease_ends_at = null, updated_at = now()
      where id = ${jobId} and operator_id = ${userId} and status = 'in_progress' and lease_ends_at > now()
      returning id`,
  );
  return rows.length === 1;
}

interface Run {
  /** Every job handed out by a claim, once per claim (a job still in hand from an earlier claim is not counted). */
  handedOut: number[];
  /** Job id -> the users whose conditional submit succeeded. */
  submittedBy: Map<number, number[]>;
}

/**
 * One claimer: claims, does the jobs newly handed to it (or abandons those `abandon` picks), claims again; stops
 * on `no_job_left` once `done()` says all work is in (before that, abandoned jobs may still come back to the pool).
 */
async function claimer(
  fixture: JobFixture,
  userId: number,
  run: Run,
  abandon: (jobId: number) => boolean,
  done: () => boolean,
) {
  const seen = new Map<number, string | null>();
  for (;;) {
    let jobs: { id: number; lease_ends_at: string | null }[];
    try {
      ({ jobs } = await claimJobs(wide.db, siteId, userId, fixture.executeTaskId));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'no_job_left') throw error;
      if (done()) return;
      await sleep(50);
      continue;
    }
    // A job is newly handed out when it was not in hand before under the same lease.
    const fresh = jobs.filter((job) => seen.get(job.id) !== job.lease_ends_at);
    for (const job of jobs) seen.set(job.id, job.lease_ends_at);
    for (const job of fresh) {
      run.handedOut.push(job.id);
      if (abandon(job.id)) continue;
      if (await submitHeld(wide.db, job.id, userId)) {
        run.submittedBy.set(job.id, [...(run.submittedBy.get(job.id) ?? []), userId]);
      }
    }
    if (fresh.length === 0) await sleep(50);
  }
}

async function taskJobs(fixture: JobFixture) {
  return queryRows<{ id: number; status: string; operator_id: number | null }>(
    t.deps.db,
    sql`select id, status, operator_id from jobs where task_id = ${fixture.executeTaskId} order by id`,
  );
}

async function eventsByJob(fixture: JobFixture) {
  const rows = await queryRows<{ job_id: number; action: string; operator_id: number | null }>(
    t.deps.db,
    sql`select job_id, action, operator_id from job_events where task_id = ${fixture.executeTaskId} order by id`,
  );
  const byJob = new Map<number, { action: string; operator_id: number | null }[]>();
  for (const row of rows) byJob.set(Number(row.job_id), [...(byJob.get(Number(row.job_id)) ?? []), row]);
  return { rows, byJob };
}

describe('claiming under concurrency (PostgreSQL)', () => {
  it(`${CLAIMERS} concurrent claimers on a ${JOBS}-job task: every job handed out exactly once`, async () => {
    const fixture = await createJobFixture(t, siteId, {
      items: JOBS,
      review: [],
      claimSize: 10,
      extraExecutors: CLAIMERS,
    });
    const run: Run = { handedOut: [], submittedBy: new Map() };
    const started = Date.now();
    await Promise.all(
      fixture.extraExecutorIds.map((userId) =>
        claimer(
          fixture,
          userId,
          run,
          () => false,
          () => true,
        ),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`${JOBS} jobs claimed and done by ${CLAIMERS} claimers in ${seconds.toFixed(1)} s`);

    const jobs = await taskJobs(fixture);
    expect(jobs).toHaveLength(JOBS);
    const ids = jobs.map((j) => Number(j.id));
    expect([...run.handedOut].sort((a, b) => a - b)).toEqual(ids);
    expect(jobs.filter((j) => j.status !== 'submitted')).toEqual([]);
    // One holder per job: the one whose conditional submit succeeded is the job's operator, and nobody else's did.
    expect(run.submittedBy.size).toBe(JOBS);
    for (const job of jobs) expect(run.submittedBy.get(Number(job.id))).toEqual([Number(job.operator_id)]);
    const { rows, byJob } = await eventsByJob(fixture);
    expect(rows.filter((r) => r.action === 'claim')).toHaveLength(JOBS);
    expect(rows.filter((r) => r.action !== 'claim')).toEqual([]);
    for (const job of jobs)
      expect(byJob.get(Number(job.id))?.map((e) => Number(e.operator_id))).toEqual([Number(job.operator_id)]);
    // Every claimer took part (the pool was shared, not drained by a few).
    const holders = new Set(jobs.map((j) => Number(j.operator_id)));
    expect(holders.size).toBeGreaterThan(CLAIMERS / 2);
  }, 60_000);

  it('the same with 1 s leases expiring during the run and the sweeper returning them', async () => {
    const fixture = await createJobFixture(t, siteId, {
      items: JOBS,
      review: [],
      claimSize: 10,
      leaseSeconds: 1,
      extraExecutors: CLAIMERS,
    });
    const run: Run = { handedOut: [], submittedBy: new Map() };
    // About 5 % of the jobs are abandoned (not submitted) the first time they are handed out.
    const handedBefore = new Set<number>();
    const abandon = (jobId: number) => {
      const first = !handedBefore.has(jobId);
      handedBefore.add(jobId);
      return first && jobId % 20 === 0;
    };
    const done = () => run.submittedBy.size === JOBS;
    let sweeping = true;
    let sweeps = 0;
    const sweeper = (async () => {
      while (sweeping) {
        await sweepJobs(t.deps);
        sweeps++;
        await sleep(100);
      }
    })();
    const started = Date.now();
    try {
      await Promise.all(fixture.extraExecutorIds.map((userId) => claimer(fixture, userId, run, abandon, done)));
    } finally {
      sweeping = false;
      await sweeper;
    }
    const seconds = (Date.now() - started) / 1000;

    const jobs = await taskJobs(fixture);
    const ids = jobs.map((j) => Number(j.id));
    expect(jobs.filter((j) => j.status !== 'submitted')).toEqual([]);
    // Every job submitted exactly once, by its holder at that time.
    const successes = [...run.submittedBy.values()].flat();
    expect(successes).toHaveLength(JOBS);
    expect([...run.submittedBy.keys()].sort((a, b) => a - b)).toEqual(ids);
    for (const job of jobs) expect(run.submittedBy.get(Number(job.id))).toEqual([Number(job.operator_id)]);

    const { rows, byJob } = await eventsByJob(fixture);
    const claims = rows.filter((r) => r.action === 'claim').length;
    const expires = rows.filter((r) => r.action === 'expire').length;
    console.log(
      `${JOBS} jobs with 1 s leases: ${expires} expired and claimed again, ${sweeps} sweeps, ${seconds.toFixed(1)} s`,
    );
    expect(expires).toBeGreaterThanOrEqual(JOBS / 20);
    expect(claims).toBe(JOBS + expires);
    expect(rows.filter((r) => r.action !== 'claim' && r.action !== 'expire')).toEqual([]);
    expect(run.handedOut).toHaveLength(claims);
    for (const job of jobs) {
      const events = byJob.get(Number(job.id)) ?? [];
      const pattern = events.map((e) => e.action);
      // claim, expire, claim, ... , claim: never two claims without the lease ending in between.
      expect(pattern.length % 2).toBe(1);
      expect(pattern.every((action, i) => action === (i % 2 === 0 ? 'claim' : 'expire'))).toBe(true);
      expect(Number(events.at(-1)?.operator_id)).toBe(Number(job.operator_id));
    }
  }, 180_000); // On a machine busy with the browser tests beside, expiring leases hand jobs out again many times.
});
