import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobFixture, GOOD_RESULT, type JobFixture } from '../../testing/job-fixture.ts';
import { ok, userIdOf } from '../../testing/project-wizard.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let annotator: string;
let reviewer: string;
let annotatorId: number;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  annotator = await sessionFor(t, 'annotator');
  reviewer = await sessionFor(t, 'reviewer');
  annotatorId = await userIdOf(t, 'annotator');
});
afterAll(() => t.close());

const jobRow = async (id: number) => (await t.deps.db.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0]!;
const events = (jobId: number) =>
  t.deps.db.select().from(schema.jobEvents).where(eq(schema.jobEvents.jobId, jobId)).orderBy(schema.jobEvents.id);
const reviewJobOf = async (subjectId: number) =>
  (await t.deps.db.select().from(schema.jobs).where(eq(schema.jobs.subjectJobId, subjectId)))[0];

async function claimOne(fixture: JobFixture, token = annotator): Promise<number> {
  const claimed = await ok(t, token, '/task/claim', { task_id: fixture.executeTaskId });
  return claimed.jobs[0]!.id;
}

describe('claiming', () => {
  it('gives up to the claim size in data order, tops up on the next claim and says when no job is left', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 3, claimSize: 2 });
    const first = await ok(t, annotator, '/task/claim', { task_id: fixture.executeTaskId });
    expect(first.claimed).toBe(2);
    expect(first.jobs.map((j) => j.seq)).toEqual([1, 2]);
    expect(new Date(first.jobs[0]!.lease_ends_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 590_000);
    const again = await ok(t, annotator, '/task/claim', { task_id: fixture.executeTaskId });
    expect(again.claimed).toBe(0);
    expect(again.jobs).toHaveLength(2);
    const job = await jobRow(first.jobs[0]!.id);
    expect(job).toMatchObject({ status: 'in_progress', operatorId: annotatorId });
    expect((await events(job.id)).map((e) => e.action)).toEqual(['claim']);

    await ok(t, annotator, '/task/submit', { job_id: first.jobs[0]!.id, result: GOOD_RESULT });
    const topped = await ok(t, annotator, '/task/claim', { task_id: fixture.executeTaskId });
    expect(topped.claimed).toBe(1);
    expect(topped.jobs.map((j) => j.seq)).toEqual([2, 3]);

    const other = await createJobFixture(t, siteId, { items: 1, executors: ['annotator', 'manager'] });
    await claimOne(other);
    const manager = await sessionFor(t, 'manager');
    const empty = await call(t.app, '/task/claim', { task_id: other.executeTaskId }, { token: manager });
    expect(empty.body.error).toBe('no_job_left');
  });

  it('refuses people who are not on the task and tasks that are paused', async () => {
    const fixture = await createJobFixture(t, siteId);
    const stranger = await call(t.app, '/task/claim', { task_id: fixture.executeTaskId }, { token: reviewer });
    expect(stranger.body.error).toBe('not_task_member');
    await t.deps.db.update(schema.tasks).set({ status: 'paused' }).where(eq(schema.tasks.id, fixture.executeTaskId));
    const paused = await call(t.app, '/task/claim', { task_id: fixture.executeTaskId }, { token: annotator });
    expect(paused.body.error).toBe('task_not_open');
  });

  it('never offers a reviewer their own work', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 1, executors: ['annotator'], reviewers: ['annotator'] });
    const jobId = await claimOne(fixture);
    await ok(t, annotator, '/task/submit', { job_id: jobId, result: GOOD_RESULT });
    const own = await call(t.app, '/task/claim', { task_id: fixture.reviewSteps[0]!.taskId }, { token: annotator });
    expect(own.body.error).toBe('no_job_left');
  });
});

describe('drafts and submits', () => {
  it('saves drafts only for the holder, checks the result against the template and submits once', async () => {
    const fixture = await createJobFixture(t, siteId);
    const jobId = await claimOne(fixture);
    const draft = { version: 1, shapes: [], fields: { quality: 'bad' } };
    await ok(t, annotator, '/task/save', { job_id: jobId, draft });
    await ok(t, annotator, '/task/save', { job_id: jobId, draft });
    expect((await jobRow(jobId)).draft).toEqual(draft);
    const notMine = await call(t.app, '/task/save', { job_id: jobId, draft }, { token: reviewer });
    expect(notMine.body.error).toBe('job_not_holder');

    const view = await ok(t, annotator, '/task/execute', { task_id: fixture.executeTaskId });
    expect(view.job).toMatchObject({ id: jobId, status: 'in_progress', draft, step_type: 'execute' });
    expect(view.job?.remaining_seconds).toBeGreaterThan(590);
    expect(view.job?.template?.components.map((c) => c.id)).toContain('quality');

    const missing = await call(
      t.app,
      '/task/submit',
      { job_id: jobId, result: { version: 1, shapes: GOOD_RESULT.shapes, fields: {} } },
      { token: annotator },
    );
    expect(missing.body.error).toBe('result_invalid');
    expect(missing.body.details).toHaveProperty('problems', [expect.objectContaining({ code: 'required_empty' })]);
    expect(missing.body.message).toContain('Quality');
    const empty = await call(t.app, '/task/submit', { job_id: jobId, result: { version: 1 } }, { token: annotator });
    expect(empty.body.details).toHaveProperty('problems.0.code', 'result_empty');

    const submitted = await ok(t, annotator, '/task/submit', { job_id: jobId, result: GOOD_RESULT });
    expect(submitted.status).toBe('submitted');
    const again = await ok(t, annotator, '/task/submit', { job_id: jobId, result: GOOD_RESULT });
    expect(again.status).toBe('submitted');
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: 'submitted', result: { ...GOOD_RESULT, relations: [] }, draft: null });
    const submits = (await events(jobId)).filter((e) => e.action === 'submit');
    expect(submits).toHaveLength(1);
    expect(submits[0]).toMatchObject({ boxes: 1, points: 0, annotations: 2 });
    const review = await reviewJobOf(jobId);
    expect(review).toMatchObject({
      status: 'unclaimed',
      subjectOperatorId: annotatorId,
      stepId: fixture.reviewSteps[0]!.stepId,
    });
  });

  it('refuses a submit once the lease is gone', async () => {
    const fixture = await createJobFixture(t, siteId);
    const jobId = await claimOne(fixture);
    await t.deps.db
      .update(schema.jobs)
      .set({ leaseEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.jobs.id, jobId));
    const late = await call(t.app, '/task/submit', { job_id: jobId, result: GOOD_RESULT }, { token: annotator });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('job_lease_expired');
    expect((await jobRow(jobId)).status).toBe('in_progress');
  });

  it('passes the work at once when the step has no review step', async () => {
    const fixture = await createJobFixture(t, siteId, { review: [] });
    const jobId = await claimOne(fixture);
    const submitted = await ok(t, annotator, '/task/submit', { job_id: jobId, result: GOOD_RESULT });
    expect(submitted.status).toBe('passed');
    expect((await jobRow(jobId)).status).toBe('passed');
  });
});

describe('review', () => {
  it('rejects with a reason back to the operator, who redoes it, then passes it', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 1 });
    const jobId = await claimOne(fixture);
    await ok(t, annotator, '/task/submit', { job_id: jobId, result: GOOD_RESULT });
    const auditTask = fixture.reviewSteps[0]!.taskId;
    const claimed = await ok(t, reviewer, '/task/claim', { task_id: auditTask });
    const reviewId = claimed.jobs[0]!.id;
    const view = await ok(t, reviewer, '/task/execute', { task_id: auditTask, job_id: reviewId });
    expect(view.job?.subject).toMatchObject({
      job_id: jobId,
      operator: { nickname: expect.any(String) },
      result: GOOD_RESULT,
    });

    const noReason = await call(t.app, '/task/review', { job_id: reviewId, decision: 'reject' }, { token: reviewer });
    expect(noReason.body.error).toBe('reason_required');
    expect((await jobRow(jobId)).status).toBe('submitted');
    const notHolder = await call(t.app, '/task/review', { job_id: reviewId, decision: 'pass' }, { token: annotator });
    expect(notHolder.body.error).toBe('job_not_holder');

    await ok(t, reviewer, '/task/review', { job_id: reviewId, decision: 'reject', reason: '框不准' });
    expect(await jobRow(jobId)).toMatchObject({ status: 'rejected', operatorId: annotatorId, reason: '框不准' });
    expect(await jobRow(reviewId)).toMatchObject({ status: 'submitted', decision: 'reject' });
    const [message] = await t.deps.db
      .select()
      .from(schema.userMessages)
      .where(and(eq(schema.userMessages.userId, annotatorId), eq(schema.userMessages.kind, 'job_rejected')));
    expect(message?.params).toMatchObject({ job_id: jobId, reason: '框不准' });
    const decided = await call(t.app, '/task/review', { job_id: reviewId, decision: 'pass' }, { token: reviewer });
    expect(decided.body.error).toBe('job_state_wrong');

    const rework = await ok(t, annotator, '/task/claim', { task_id: fixture.executeTaskId });
    expect(rework.jobs.map((j) => j.id)).toEqual([jobId]);
    const reworkView = await ok(t, annotator, '/task/execute', { task_id: fixture.executeTaskId });
    expect(reworkView.job).toMatchObject({ reason: '框不准', draft: GOOD_RESULT });
    const fixed = { ...GOOD_RESULT, fields: { quality: 'bad' } };
    await ok(t, annotator, '/task/submit', { job_id: jobId, result: fixed });
    const second = await ok(t, reviewer, '/task/claim', { task_id: auditTask });
    await ok(t, reviewer, '/task/review', { job_id: second.jobs[0]!.id, decision: 'pass' });
    expect(await jobRow(jobId)).toMatchObject({ status: 'passed', result: fixed });
    const actions = await t.deps.db
      .select({ action: schema.jobEvents.action, operatorId: schema.jobEvents.operatorId })
      .from(schema.jobEvents)
      .where(eq(schema.jobEvents.projectId, fixture.projectId))
      .orderBy(schema.jobEvents.id);
    expect(actions.filter((a) => ['pass', 'reject'].includes(a.action))).toEqual([
      { action: 'reject', operatorId: annotatorId },
      { action: 'pass', operatorId: annotatorId },
    ]);
  });

  it('resets with a reason: the result is removed and anyone may take the job', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 1 });
    const jobId = await claimOne(fixture);
    await ok(t, annotator, '/task/submit', { job_id: jobId, result: GOOD_RESULT });
    const claimed = await ok(t, reviewer, '/task/claim', { task_id: fixture.reviewSteps[0]!.taskId });
    await ok(t, reviewer, '/task/review', { job_id: claimed.jobs[0]!.id, decision: 'reset', reason: '重做' });
    expect(await jobRow(jobId)).toMatchObject({ status: 'unclaimed', result: null, operatorId: null, reason: '重做' });
  });

  it('runs audit, qc and acceptance in turn before the work is passed', async () => {
    const fixture = await createJobFixture(t, siteId, {
      items: 1,
      review: ['audit', 'qc', 'acceptance'],
      config: { qc_ratio: 100 },
    });
    const jobId = await claimOne(fixture);
    await ok(t, annotator, '/task/submit', { job_id: jobId, result: GOOD_RESULT });
    for (const [index, step] of fixture.reviewSteps.entries()) {
      const claimed = await ok(t, reviewer, '/task/claim', { task_id: step.taskId });
      const decided = await ok(t, reviewer, '/task/review', { job_id: claimed.jobs[0]!.id, decision: 'pass' });
      expect(decided.status).toBe(index === 2 ? 'passed' : 'submitted');
    }
    expect((await jobRow(jobId)).status).toBe('passed');
  });

  it('lets the operator take back work nobody reviews yet, and suspend a difficult job', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 2 });
    const claimed = await ok(t, annotator, '/task/claim', { task_id: fixture.executeTaskId });
    const first = claimed.jobs[0]!.id;
    const second = claimed.jobs[1]!.id;
    await ok(t, annotator, '/task/submit', { job_id: first, result: GOOD_RESULT });
    const reopened = await ok(t, annotator, '/task/reopen', { job_id: first });
    expect(reopened.job).toMatchObject({ id: first, status: 'in_progress' });
    expect(await reviewJobOf(first)).toBeUndefined();
    expect((await jobRow(first)).draft).toMatchObject(GOOD_RESULT);

    const noReason = await call(t.app, '/task/pend', { job_id: second, reason: ' ' }, { token: annotator });
    expect(noReason.status).toBe(400);
    await ok(t, annotator, '/task/pend', { job_id: second, reason: '图片看不清' });
    expect(await jobRow(second)).toMatchObject({ status: 'pending', reason: '图片看不清', leaseEndsAt: null });
  });
});

describe('leases', () => {
  it('exit gives the jobs in hand back with the exit recorded and the draft dropped', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 2 });
    const jobId = await claimOne(fixture);
    await ok(t, annotator, '/task/save', { job_id: jobId, draft: { version: 1, shapes: [], fields: {} } });
    const exited = await ok(t, annotator, '/task/exit', { task_id: fixture.executeTaskId });
    expect(exited.released).toBe(2);
    expect(await jobRow(jobId)).toMatchObject({
      status: 'unclaimed',
      operatorId: null,
      draft: null,
      expireReason: 'exit',
    });
    expect((await events(jobId)).map((e) => [e.action, e.operatorId])).toEqual([
      ['claim', annotatorId],
      ['exit', annotatorId],
    ]);
  });

  it('the sweeper returns ended leases, expires jobs of ended tasks and reopens them when the task is extended', async () => {
    const { sweepJobs } = await import('./sweep-jobs.ts');
    const fixture = await createJobFixture(t, siteId, { items: 2 });
    const jobId = await claimOne(fixture);
    await t.deps.db
      .update(schema.jobs)
      .set({ leaseEndsAt: new Date(Date.now() - 1) })
      .where(eq(schema.jobs.id, jobId));
    const swept = await sweepJobs(t.deps);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await jobRow(jobId)).toMatchObject({ status: 'unclaimed', operatorId: null, expireReason: 'lease' });
    expect((await events(jobId)).map((e) => e.action)).toEqual(['claim', 'expire']);
    const expiredNotice = await t.deps.db
      .select()
      .from(schema.userMessages)
      .where(and(eq(schema.userMessages.userId, annotatorId), eq(schema.userMessages.kind, 'job_expired')));
    expect(expiredNotice.some((m) => (m.params as { task_id: number }).task_id === fixture.executeTaskId)).toBe(true);
    const view = await ok(t, annotator, '/task/execute', { task_id: fixture.executeTaskId, job_id: jobId }).catch(
      () => null,
    );
    expect(view).toBeNull();

    await t.deps.db
      .update(schema.tasks)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(schema.tasks.id, fixture.executeTaskId));
    await sweepJobs(t.deps);
    const ended = await t.deps.db.select().from(schema.jobs).where(eq(schema.jobs.taskId, fixture.executeTaskId));
    expect(ended.map((j) => [j.status, j.expireReason])).toEqual([
      ['expired', 'task_end'],
      ['expired', 'task_end'],
    ]);
    await t.deps.db
      .update(schema.tasks)
      .set({ endAt: new Date(Date.now() + 86_400_000) })
      .where(eq(schema.tasks.id, fixture.executeTaskId));
    await sweepJobs(t.deps);
    const reopened = await t.deps.db
      .select({ status: schema.jobs.status })
      .from(schema.jobs)
      .where(eq(schema.jobs.taskId, fixture.executeTaskId));
    expect(reopened.map((j) => j.status)).toEqual(['unclaimed', 'unclaimed']);
  });

  it('runs by itself on the server: an ended lease returns to the pool with nobody calling', async () => {
    const own = await createTestApp({ JOB_SWEEP_MS: '50' });
    try {
      const ownSite = await siteIdByName(own, '示范学院');
      const fixture = await createJobFixture(own, ownSite, { items: 1 });
      const token = await sessionFor(own, 'annotator');
      const claimed = await ok(own, token, '/task/claim', { task_id: fixture.executeTaskId });
      const jobId = claimed.jobs[0]!.id;
      await own.deps.db.update(schema.jobs).set({ leaseEndsAt: sql`now()` }).where(eq(schema.jobs.id, jobId));
      let status = 'in_progress';
      for (let i = 0; i < 100 && status !== 'unclaimed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        [{ status }] = (await own.deps.db
          .select({ status: schema.jobs.status })
          .from(schema.jobs)
          .where(eq(schema.jobs.id, jobId))) as [{ status: string }];
      }
      expect(status).toBe('unclaimed');
    } finally {
      await own.close();
    }
  });
});
