import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobFixture, GOOD_RESULT, type JobFixture } from '../../testing/job-fixture.ts';
import { ok, userIdOf } from '../../testing/project-wizard.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let manager: string;
let annotator: string;
let reviewer: string;
let managerId: number;
let annotatorId: number;
let reviewerId: number;

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  manager = await sessionFor(t, 'manager');
  annotator = await sessionFor(t, 'annotator');
  reviewer = await sessionFor(t, 'reviewer');
  managerId = await userIdOf(t, 'manager');
  annotatorId = await userIdOf(t, 'annotator');
  reviewerId = await userIdOf(t, 'reviewer');
});
afterAll(() => t.close());

const jobRow = async (id: number) => (await t.deps.db.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0]!;
const statuses = async (ids: number[]) => {
  const rows = await t.deps.db.select().from(schema.jobs).where(inArray(schema.jobs.id, ids)).orderBy(schema.jobs.id);
  return rows.map((r) => r.status);
};
const openReviewOf = async (subjectId: number) =>
  (await t.deps.db.select().from(schema.jobs).where(eq(schema.jobs.subjectJobId, subjectId))).find(
    (r) => r.decision === null,
  );

/** The annotator claims the task's jobs and submits the first `submit` of them; answers the ids in data order. */
async function work(fixture: JobFixture, submit: number): Promise<number[]> {
  const claimed = await ok(t, annotator, '/task/claim', { task_id: fixture.executeTaskId });
  const ids: number[] = claimed.jobs.map((j) => j.id);
  for (const id of ids.slice(0, submit)) await ok(t, annotator, '/task/submit', { job_id: id, result: GOOD_RESULT });
  return ids;
}

describe('team tasks', () => {
  it('lists tasks and shows a task with people, operators and job counts after some work', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 3, claimSize: 3 });
    const ids = await work(fixture, 2);
    await ok(t, reviewer, '/task/claim', { task_id: fixture.reviewSteps[0]!.taskId });
    const review = await openReviewOf(ids[0]!);
    await ok(t, reviewer, '/task/review', { job_id: review!.id, decision: 'pass' });

    const list = await ok(t, manager, '/task/list', { project_id: fixture.projectId });
    expect(list.total).toBe(2);
    const execute = list.list.find((r) => r.id === fixture.executeTaskId);
    expect(execute).toMatchObject({ step_type: 'execute', status: 'released', people_count: 1, batch_name: 'B1' });
    expect(execute?.counts).toEqual({
      total: 3,
      unclaimed: 0,
      in_progress: 1,
      submitted: 1,
      passed: 1,
      rejected: 0,
      pending: 0,
      expired: 0,
    });
    const audit = list.list.find((r) => r.id === fixture.reviewSteps[0]!.taskId);
    expect(audit?.counts).toMatchObject({ total: 2, submitted: 1, in_progress: 1 });
    const pending = await ok(t, manager, '/task/list', { project_id: fixture.projectId, status: 'pending' });
    expect(pending.total).toBe(0);

    const detail = await ok(t, manager, '/task/detail', { id: fixture.executeTaskId });
    expect(detail).toMatchObject({ claim_size: 3, lease_seconds: 600, target: 'team', review: false });
    expect(detail.people).toEqual([{ kind: 'user', id: annotatorId, name: '标注员' }]);
    expect(detail.operators).toEqual([{ id: annotatorId, nickname: '标注员' }]);
    expect(detail.counts.passed).toBe(1);
    expect((await ok(t, annotator, '/task/detail', { id: fixture.executeTaskId })).id).toBe(fixture.executeTaskId);
    expect((await ok(t, manager, '/task/detail', { id: fixture.reviewSteps[0]!.taskId })).review).toBe(true);
    const stranger = await call(t.app, '/task/detail', { id: fixture.executeTaskId }, { token: reviewer });
    expect(stranger.body.error).toBe('not_found');
  });
});

describe('job list, records and export', () => {
  it('filters jobs by status, operator and keyword, newest change first', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 3, claimSize: 2 });
    const ids = await work(fixture, 1);
    const all = await ok(t, manager, '/work/list', { task_id: fixture.executeTaskId });
    expect(all.total).toBe(3);
    expect(all.list[0]!.id).toBe(ids[0]);
    const submitted = await ok(t, manager, '/work/list', { task_id: fixture.executeTaskId, status: 'submitted' });
    expect(submitted.list.map((r) => r.id)).toEqual([ids[0]]);
    expect(submitted.list[0]).toMatchObject({
      operator: { id: annotatorId, nickname: '标注员' },
      step_type: 'execute',
    });
    const mine = await ok(t, manager, '/work/list', { project_id: fixture.projectId, operator_id: annotatorId });
    expect(mine.total).toBe(2);
    const item = await jobRow(ids[1]!);
    const [data] = await t.deps.db.select().from(schema.dataItems).where(eq(schema.dataItems.id, item.dataItemId));
    const byName = await ok(t, manager, '/work/list', { project_id: fixture.projectId, keyword: data!.name });
    expect(byName.list.map((r) => r.id)).toContain(ids[1]);
    expect(byName.list.every((r) => r.item_name.includes(data!.name))).toBe(true);
    const reviews = await ok(t, manager, '/work/list', { step_id: fixture.reviewSteps[0]!.stepId });
    expect(reviews.list[0]).toMatchObject({ status: 'unclaimed', subject_operator: { id: annotatorId } });

    const other = await createJobFixture(t, await siteIdByName(t, '星河数据'), { items: 1 });
    const foreign = await call(t.app, '/work/list', { task_id: other.executeTaskId }, { token: manager });
    expect(foreign.body.error).toBe('not_found');
  });

  it("shows a job's records after submit and reject: who, when, from, to, reason", async () => {
    const fixture = await createJobFixture(t, siteId, { items: 1 });
    const [jobId] = await work(fixture, 1);
    await ok(t, reviewer, '/task/claim', { task_id: fixture.reviewSteps[0]!.taskId });
    const review = await openReviewOf(jobId!);
    await ok(t, reviewer, '/task/review', { job_id: review!.id, decision: 'reject', reason: '框不准' });

    const records = await ok(t, manager, '/work/records', { job_id: jobId });
    const actions = records.list.map((r) => r.action);
    expect(actions).toEqual(['reject', 'submit', 'claim', 'submit', 'claim']);
    expect(records.list[0]).toMatchObject({
      action: 'reject',
      actor: { id: reviewerId, nickname: '审核员' },
      operator: { id: annotatorId, nickname: '标注员' },
      from_status: 'submitted',
      to_status: 'rejected',
      reason: '框不准',
      step_name: '审核',
    });
    expect(Date.parse(records.list[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(records.list[3]).toMatchObject({ action: 'submit', actor: { id: annotatorId }, to_status: 'submitted' });
    const byTask = await ok(t, manager, '/work/records', { task_id: fixture.executeTaskId });
    expect(byTask.total).toBe(2);
    const byProject = await ok(t, manager, '/work/records', { project_id: fixture.projectId });
    expect(byProject.total).toBe(5);
    const none = await call(t.app, '/work/records', {}, { token: manager });
    expect(none.body.error).toBe('invalid_input');
  });

  it('exports the filtered jobs as an xlsx sheet with translated headers', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 2, claimSize: 2 });
    const ids = await work(fixture, 1);
    const result = await ok(t, manager, '/work/export', { task_id: fixture.executeTaskId });
    expect(result.file_name).toMatch(/^jobs-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.content_base64, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('作业ID');
    expect(sheet.getRow(1).getCell(8).value).toBe('状态');
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(ids[0]);
    expect(first.getCell(8).value).toBe('已提交');
    expect(first.getCell(10).value).toBe('标注员');
  });
});

describe('batch review', () => {
  it('passes a selection of submitted work and review jobs, skipping the rest', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 3, claimSize: 3 });
    const ids = await work(fixture, 2);
    const review = await openReviewOf(ids[1]!);
    const outcome = await ok(t, manager, '/work/batch-review', {
      action: 'pass',
      job_ids: [ids[0], review!.id, ids[2]],
    });
    expect(outcome).toEqual({ done: 2, skipped: 1 });
    expect(await statuses(ids)).toEqual(['passed', 'passed', 'in_progress']);
    expect(await jobRow(review!.id)).toMatchObject({ decision: 'pass', operatorId: managerId, status: 'submitted' });
  });

  it('passes every job matching a filter', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 3, claimSize: 3 });
    const ids = await work(fixture, 2);
    const outcome = await ok(t, manager, '/work/batch-review', {
      action: 'pass',
      filter: { task_id: fixture.executeTaskId },
    });
    expect(outcome).toEqual({ done: 2, skipped: 1 });
    expect(await statuses(ids)).toEqual(['passed', 'passed', 'in_progress']);
  });

  it('refuses reject without a reason and changes nothing', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 1 });
    const [jobId] = await work(fixture, 1);
    const refused = await call(t.app, '/work/batch-review', { action: 'reject', job_ids: [jobId] }, { token: manager });
    expect(refused.body.error).toBe('reason_required');
    expect(await jobRow(jobId!)).toMatchObject({ status: 'submitted' });
    expect((await openReviewOf(jobId!))?.status).toBe('unclaimed');
  });

  it('resets submitted work: the result is gone and the operator gets a job_reset message', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 1 });
    const [jobId] = await work(fixture, 1);
    const outcome = await ok(t, manager, '/work/batch-review', { action: 'reset', reason: '重做', job_ids: [jobId] });
    expect(outcome).toEqual({ done: 1, skipped: 0 });
    expect(await jobRow(jobId!)).toMatchObject({ status: 'unclaimed', result: null, operatorId: null });
    const messages = await t.deps.db
      .select()
      .from(schema.userMessages)
      .where(and(eq(schema.userMessages.userId, annotatorId), eq(schema.userMessages.kind, 'job_reset')));
    expect(messages.some((m) => (m.params as { job_id: number }).job_id === jobId)).toBe(true);
  });

  it('lets an administrator reject work that already passed', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 1 });
    const [jobId] = await work(fixture, 1);
    await ok(t, manager, '/work/batch-review', { action: 'pass', job_ids: [jobId] });
    expect((await jobRow(jobId!)).status).toBe('passed');
    const outcome = await ok(t, manager, '/work/batch-review', {
      action: 'reject',
      reason: '抽查不合格',
      job_ids: [jobId],
    });
    expect(outcome).toEqual({ done: 1, skipped: 0 });
    expect(await jobRow(jobId!)).toMatchObject({ status: 'rejected', operatorId: annotatorId, reason: '抽查不合格' });
    const records = await ok(t, manager, '/work/records', { job_id: jobId });
    expect(records.list[0]).toMatchObject({
      action: 'reject',
      actor: { id: managerId },
      operator: { id: annotatorId },
      from_status: 'passed',
      to_status: 'rejected',
    });
    const messages = await t.deps.db
      .select()
      .from(schema.userMessages)
      .where(and(eq(schema.userMessages.userId, annotatorId), eq(schema.userMessages.kind, 'job_rejected')));
    expect(messages.some((m) => (m.params as { job_id: number }).job_id === jobId)).toBe(true);
    const rework = await ok(t, annotator, '/task/claim', { task_id: fixture.executeTaskId });
    expect(rework.jobs.map((j) => j.id)).toEqual([jobId]);
  });

  it('pends unclaimed and in-progress jobs and resolves them back to the pool', async () => {
    const fixture = await createJobFixture(t, siteId, { items: 3, claimSize: 1 });
    const [held] = await work(fixture, 0);
    const jobs = await ok(t, manager, '/work/list', { task_id: fixture.executeTaskId });
    const ids = jobs.list.map((r) => r.id).sort((a, b) => a - b);
    const noReason = await call(t.app, '/work/batch-review', { action: 'pend', job_ids: ids }, { token: manager });
    expect(noReason.body.error).toBe('reason_required');
    const pended = await ok(t, manager, '/work/batch-review', { action: 'pend', reason: '数据有误', job_ids: ids });
    expect(pended).toEqual({ done: 3, skipped: 0 });
    expect(await jobRow(held!)).toMatchObject({ status: 'pending', statusBeforePend: 'unclaimed', leaseEndsAt: null });
    const resolved = await ok(t, manager, '/work/resolve', { job_ids: [ids[0], ids[1]] });
    expect(resolved).toEqual({ done: 2, skipped: 0 });
    expect(await statuses(ids)).toEqual(['unclaimed', 'unclaimed', 'pending']);
    expect(await jobRow(ids[0]!)).toMatchObject({ operatorId: null, statusBeforePend: null });
    const again = await ok(t, manager, '/work/resolve', { job_ids: [ids[0], ids[2]] });
    expect(again).toEqual({ done: 1, skipped: 1 });
    const records = await ok(t, manager, '/work/records', { job_id: ids[0] });
    expect(records.list.map((r) => r.action).slice(0, 2)).toEqual(['resolve', 'pend']);
  });
});

describe('set operator', () => {
  it("gives jobs to one of the task's people and refuses others", async () => {
    const fixture = await createJobFixture(t, siteId, { items: 3, claimSize: 1, executors: ['annotator', 'reviewer'] });
    const [held] = await work(fixture, 1);
    const jobs = await ok(t, manager, '/work/list', { task_id: fixture.executeTaskId });
    const ids = jobs.list.map((r) => r.id).sort((a, b) => a - b);
    expect(ids[0]).toBe(held);
    await ok(t, annotator, '/task/claim', { task_id: fixture.executeTaskId });

    const outcome = await ok(t, manager, '/work/set-operator', { job_ids: ids, user_id: reviewerId });
    expect(outcome).toEqual({ done: 2, skipped: 1 });
    expect(await statuses(ids)).toEqual(['submitted', 'in_progress', 'in_progress']);
    const given = await jobRow(ids[1]!);
    expect(given.operatorId).toBe(reviewerId);
    expect(given.leaseEndsAt!.getTime()).toBeGreaterThan(Date.now() + 590_000);
    const records = await ok(t, manager, '/work/records', { job_id: ids[1] });
    expect(records.list[0]).toMatchObject({
      action: 'assign',
      actor: { id: managerId },
      operator: { id: reviewerId },
      from_status: 'in_progress',
      to_status: 'in_progress',
    });
    const view = await ok(t, reviewer, '/task/execute', { task_id: fixture.executeTaskId });
    expect(view.in_hand.map((j) => j.id).sort()).toEqual([ids[1], ids[2]].sort());

    const teacherId = await userIdOf(t, 'teacher');
    const notMember = await call(
      t.app,
      '/work/set-operator',
      { job_ids: [ids[1]], user_id: teacherId },
      { token: manager },
    );
    expect(notMember.body.error).toBe('not_task_member');
    const other = await createJobFixture(t, await siteIdByName(t, '星河数据'), { items: 1 });
    const [foreign] = await t.deps.db.select().from(schema.jobs).where(eq(schema.jobs.taskId, other.executeTaskId));
    const otherSite = await call(
      t.app,
      '/work/set-operator',
      { job_ids: [foreign!.id], user_id: reviewerId },
      { token: manager },
    );
    expect(otherSite.body.error).toBe('not_found');
  });
});
