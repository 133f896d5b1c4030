import type { ProcedurePath } from '@app/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../testing/project-wizard.ts';
import { createProjectFixture } from '../../testing/projects.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DAY1, DAY2, seedStatCase } from './job-stats.fixture.ts';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedStatCase>>;
const tokens: Record<string, string> = {};
const range = { from: DAY1, to: DAY2 };

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedStatCase(t);
  for (const u of ['manager', 'annotator', 'reviewer']) tokens[u] = await sessionFor(t, u);
});
afterAll(async () => t?.close());

const asManager = <P extends ProcedurePath>(path: P, body: unknown) =>
  call(t.app, path, body, { token: tokens.manager });
const zero = { sheets: 0, boxes: 0, points: 0, annotations: 0, work_seconds: 0, reviews: 0, approvals: 0 };

// annotator: submits 3+2 boxes, 5+1 points, 8+3 annotations, 100+40 s; judged pass (day 1), reject and reset (day 2).
const ANNOTATOR = {
  sheets: 2,
  boxes: 5,
  points: 6,
  annotations: 11,
  work_seconds: 140,
  reviews: 0,
  approvals: 1,
  rejections: 1,
  resets: 1,
};
// reviewer: one execute sheet, 20 s on an audit submit (its counts are not sheets), two decisions made.
const REVIEWER = { sheets: 1, boxes: 1, points: 0, annotations: 1, work_seconds: 70, reviews: 2, approvals: 0 };

describe('/stat/users', () => {
  it('answers each operator over the range, ordered by sheets, with accuracy and fit accuracy', async () => {
    const res = await asManager('/stat/users', range);
    expect(res.status).toBe(200);
    const { list, total } = res.body.data;
    expect(total).toBe(3);
    expect(list.map((r) => r.user_id)).toEqual([seeded.annotator, seeded.reviewer, seeded.manager]);
    expect(list[0]).toMatchObject({ ...ANNOTATOR, nickname: '标注员' });
    expect(list[0]!.accuracy).toBeCloseTo(1 / 3);
    expect(list[0]!.fit_accuracy).toBeCloseTo(1 / 3);
    expect(list[1]).toMatchObject({ ...REVIEWER, accuracy: null });
    expect(list[1]!.fit_accuracy).toBeCloseTo(1 / 3);
    expect(list[2]).toMatchObject({ ...zero, reviews: 1, accuracy: null, fit_accuracy: null });
  });

  it('filters by conditions (accuracy as a ratio) before paging', async () => {
    const accurate = await asManager('/stat/users', {
      ...range,
      conditions: [{ field: 'accuracy', op: 'gte', value: 0.3 }],
    });
    expect(accurate.body.data.list.map((r) => r.user_id)).toEqual([seeded.annotator]);
    const workers = await asManager('/stat/users', {
      ...range,
      pageSize: 10,
      conditions: [
        { field: 'sheets', op: 'gte', value: 1 },
        { field: 'boxes', op: 'lt', value: 5 },
      ],
    });
    expect(workers.body.data).toMatchObject({ total: 1, list: [{ user_id: seeded.reviewer }] });
    const none = await asManager('/stat/users', { ...range, conditions: [{ field: 'sheets', op: 'eq', value: 7 }] });
    expect(none.body.data).toMatchObject({ total: 0, list: [] });
    const page2 = await asManager('/stat/users', { ...range, page: 2, pageSize: 10 });
    expect(page2.body.data).toMatchObject({ total: 3, list: [] });
  });

  it('counts only the days of the range (UTC) and the project or task named', async () => {
    const day2 = await asManager('/stat/users', { from: DAY2, to: DAY2 });
    const row = day2.body.data.list.find((r) => r.user_id === seeded.annotator);
    expect(row).toMatchObject({ sheets: 1, boxes: 2, work_seconds: 40, approvals: 0, rejections: 1, resets: 1 });
    expect(row?.accuracy).toBe(0);
    const byTask = await asManager('/stat/users', { ...range, task_id: seeded.s2.taskId });
    expect(byTask.body.data.list).toEqual([
      expect.objectContaining({ user_id: seeded.reviewer, sheets: 1, reviews: 0 }),
    ]);
    const byProject = await asManager('/stat/users', { ...range, project_id: seeded.fixture.projectId });
    expect(byProject.body.data.total).toBe(3);
  });

  it("answers not_found for another organisation's project or task", async () => {
    const other = await createProjectFixture(t, await siteIdByName(t, '星河数据'));
    expect((await asManager('/stat/users', { ...range, project_id: other.projectId })).body.error).toBe('not_found');
    expect((await asManager('/stat/daily', { ...range, task_id: other.taskId })).body.error).toBe('not_found');
    expect((await asManager('/stat/list-by-batch', { project_id: other.projectId })).body.error).toBe('not_found');
  });
});

describe('/stat/daily and /stat/user', () => {
  it('answers the team per day (days without activity left out) and the total', async () => {
    const res = await asManager('/stat/daily', { from: '2026-03-01', to: '2026-03-05' });
    const { days, total } = res.body.data;
    expect(days.map((d) => d.day)).toEqual([DAY1, DAY2]);
    expect(days[0]).toMatchObject({ sheets: 2, boxes: 4, points: 5, annotations: 9, work_seconds: 170, reviews: 1 });
    expect(days[0]).toMatchObject({ approvals: 1, rejections: 0, resets: 0, accuracy: 1 });
    expect(days[0]!.fit_accuracy).toBeCloseTo(1 / 3);
    expect(days[1]).toMatchObject({ sheets: 1, boxes: 2, points: 1, annotations: 3, work_seconds: 40, reviews: 2 });
    expect(days[1]).toMatchObject({ rejections: 1, resets: 1, accuracy: 0, fit_accuracy: null });
    expect(total).toMatchObject({ sheets: 3, boxes: 6, work_seconds: 210, reviews: 3, approvals: 1 });
  });

  it("answers the caller's own figures; another person's only with /stat/users", async () => {
    const own = await call(t.app, '/stat/user', range, { token: tokens.annotator });
    expect(own.status).toBe(200);
    expect(own.body.data.total).toMatchObject(ANNOTATOR);
    expect(own.body.data.days).toHaveLength(2);
    expect(own.body.data.days[0]).toMatchObject({ day: DAY1, sheets: 1, boxes: 3, approvals: 1, accuracy: 1 });
    expect(own.body.data.days[0]!.fit_accuracy).toBeCloseTo(1 / 3);
    expect(own.body.data.days[1]).toMatchObject({ day: DAY2, sheets: 1, accuracy: 0, fit_accuracy: null });

    const nosy = await call(t.app, '/stat/user', { ...range, user_id: seeded.reviewer }, { token: tokens.annotator });
    expect(nosy.body.error).toBe('forbidden');
    const self = await call(t.app, '/stat/user', { ...range, user_id: seeded.annotator }, { token: tokens.annotator });
    expect(self.body.data.total).toMatchObject(ANNOTATOR);

    const managed = await asManager('/stat/user', { ...range, user_id: seeded.reviewer });
    expect(managed.body.data.total).toMatchObject(REVIEWER);
    const outsider = await asManager('/stat/user', { ...range, user_id: await userIdOf(t, 'manager2') });
    expect(outsider.body.error).toBe('not_found');
  });
});

describe('/stat/list-by-batch and /stat/dashboard', () => {
  it('answers job counts by status and the figures per batch and step', async () => {
    const res = await asManager('/stat/list-by-batch', { project_id: seeded.fixture.projectId });
    const { list } = res.body.data;
    expect(list.map((r) => r.step_id)).toEqual([seeded.s1.stepId, seeded.s2.stepId, seeded.s3.stepId]);
    expect(list[0]).toMatchObject({ batch_id: seeded.fixture.batchId, batch_name: 'B1', step_name: '标注' });
    expect(list[0]!.counts).toMatchObject({ passed: 1, rejected: 1, unclaimed: 0, in_progress: 0 });
    expect(list[0]).toMatchObject({ sheets: 2, boxes: 5, work_seconds: 140, approvals: 0 });
    expect(list[0]!.fit_accuracy).toBeCloseTo(1 / 3);
    expect(list[1]!.counts).toMatchObject({ submitted: 1, in_progress: 1, passed: 0 });
    expect(list[1]).toMatchObject({ sheets: 1, boxes: 1 });
    expect(list[2]!.counts).toMatchObject({ submitted: 2 });
    expect(list[2]).toMatchObject({ sheets: 0, work_seconds: 20, reviews: 3, approvals: 1, rejections: 1, resets: 1 });
    expect(list[2]!.accuracy).toBeCloseTo(1 / 3);
  });

  it("answers the caller's jobs by status now and their figures per day", async () => {
    const res = await call(t.app, '/stat/dashboard', range, { token: tokens.annotator });
    const { status_counts, days, total } = res.body.data;
    expect(status_counts).toEqual({
      unclaimed: 0,
      in_progress: 1,
      submitted: 0,
      passed: 1,
      rejected: 1,
      pending: 0,
      expired: 0,
    });
    expect(days.map((d) => d.day)).toEqual([DAY1, DAY2]);
    expect(total).toMatchObject(ANNOTATOR);
    const reviewer = await call(t.app, '/stat/dashboard', range, { token: tokens.reviewer });
    expect(reviewer.body.data.status_counts).toMatchObject({ submitted: 3 });
  });
});

describe('/stat/export', () => {
  const readBack = async (content: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(content, 'base64') as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('writes the operators as xlsx with headers in the caller language', async () => {
    const res = await call(
      t.app,
      '/stat/export',
      { ...range, kind: 'users' },
      { token: tokens.manager, lang: 'en-US' },
    );
    expect(res.body.data.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.body.data.file_name).toMatch(/\.xlsx$/);
    const rows = await readBack(res.body.data.content_base64);
    expect(rows[0]).toEqual([
      'User ID',
      'Nickname',
      'Sheets',
      'Boxes',
      'Points',
      'Annotations',
      'Work time (seconds)',
      'Reviews',
      'Approvals',
      'Rejections',
      'Resets',
      'Accuracy',
      'Fit accuracy',
    ]);
    expect(rows[1]).toEqual([seeded.annotator, '标注员', 2, 5, 6, 11, 140, 0, 1, 1, 1, '33.33%', '33.33%']);
    expect(rows).toHaveLength(4);
  });

  it('writes the daily figures with a total row, in Chinese by default', async () => {
    const res = await asManager('/stat/export', { ...range, kind: 'daily' });
    const rows = await readBack(res.body.data.content_base64);
    expect(rows[0]?.slice(0, 3)).toEqual(['日期', '作业张数', '框数']);
    expect(rows.map((r) => r[0])).toEqual(['日期', DAY1, DAY2, '合计']);
    expect(rows[3]?.slice(1, 3)).toEqual([3, 6]);
  });
});
