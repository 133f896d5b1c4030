import { schema } from '@app/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, walkWizard } from '../../testing/project-wizard.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let producer: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  producer = await sessionFor(t, 'producer');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

const confirm = (projectId: number, batches: unknown[]) =>
  call(t.app, '/batch/confirm', { project_id: projectId, batches }, { token: producer });

describe('/project/confirm-data', () => {
  it('needs at least one item', async () => {
    const { projectId } = await walkWizard(t, producer, siteId, { items: 0, until: 'data' });
    const result = await call(t.app, '/project/confirm-data', { project_id: projectId }, { token: producer });
    expect(result.body.error).toBe('project_no_data');
    expect((await confirm(projectId, [{ name: 'B1', count: 1 }])).body.error).toBe('project_no_data');
  });

  it('counts the items and moves the wizard to the batches step', async () => {
    const { projectId } = await walkWizard(t, producer, siteId, { items: 3, until: 'data' });
    const detail = await ok(t, producer, '/project/confirm-data', { project_id: projectId });
    expect(detail).toMatchObject({ item_count: 3, total_bytes: 30, wizard_step: 4 });
  });
});

describe('/batch/confirm', () => {
  it('refuses sums that are not the total, zero, fractions and counts above the total', async () => {
    const { projectId } = await walkWizard(t, producer, siteId, { items: 10, until: 'data' });
    const wrongSum = await confirm(projectId, [
      { name: 'B1', count: 3 },
      { name: 'B2', count: 3 },
    ]);
    expect(wrongSum.body.error).toBe('batch_sum_wrong');
    expect(wrongSum.body.message).toContain('6');
    expect(wrongSum.body.message).toContain('10');
    const zero = await confirm(projectId, [
      { name: 'B1', count: 0 },
      { name: 'B2', count: 10 },
    ]);
    expect(zero.body.error).toBe('invalid_input');
    const fraction = await confirm(projectId, [
      { name: 'B1', count: 2.5 },
      { name: 'B2', count: 7.5 },
    ]);
    expect(fraction.body.error).toBe('invalid_input');
    const over = await confirm(projectId, [
      { name: 'B1', count: 11 },
      { name: 'B2', count: 1 },
    ]);
    expect(over.body.error).toBe('batch_count_wrong');
    expect((await confirm(projectId, [])).body.error).toBe('invalid_input');
    expect((await confirm(projectId, [{ name: ' ', count: 10 }])).body.error).toBe('invalid_input');
    const list = await ok(t, producer, '/batch/list', { project_id: projectId });
    expect(list).toEqual({ list: [], confirmed: false, item_count: 10 });
  });

  it('splits the items in data order, fills counts and sizes, and is fixed once confirmed', async () => {
    const { projectId } = await walkWizard(t, producer, siteId, { items: 10, until: 'data' });
    // A gap in seq (an item removed before confirming) does not shift the split.
    await t.deps.db.delete(schema.dataItems).where(sql`project_id = ${projectId} and seq = 4`);
    await t.deps.db.execute(sql`insert into data_items (site_id, project_id, seq, kind, name, size)
      values (${siteId}, ${projectId}, 11, 'record', 'late', 100)`);
    const result = await ok(t, producer, '/batch/confirm', {
      project_id: projectId,
      batches: [
        { name: '第一批', count: 3 },
        { name: '第二批', count: 5 },
        { name: '第三批', count: 2 },
      ],
    });
    expect(result.confirmed).toBe(true);
    expect(result.list.map((b) => b)).toEqual([
      expect.objectContaining({ name: '第一批', seq: 1, item_count: 3, total_bytes: 30, status: 'open' }),
      expect.objectContaining({ name: '第二批', seq: 2, item_count: 5, total_bytes: 50 }),
      expect.objectContaining({ name: '第三批', seq: 3, item_count: 2, total_bytes: 110 }),
    ]);
    const items = await t.deps.db
      .select({ seq: schema.dataItems.seq, batchId: schema.dataItems.batchId })
      .from(schema.dataItems)
      .where(eq(schema.dataItems.projectId, projectId))
      .orderBy(asc(schema.dataItems.seq));
    const ids: (number | null)[] = result.list.map((b) => b.id);
    expect(items.map((i) => [i.seq, ids.indexOf(i.batchId)])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [5, 1],
      [6, 1],
      [7, 1],
      [8, 1],
      [9, 1],
      [10, 2],
      [11, 2],
    ]);
    const again = await confirm(projectId, [{ name: 'B1', count: 10 }]);
    expect(again.body.error).toBe('batches_confirmed');
    const detail = await ok(t, producer, '/project/detail', { id: projectId });
    expect(detail).toMatchObject({ batch_count: 3, wizard_step: 5, item_count: 10 });
    expect(detail.batches_confirmed_at).not.toBeNull();
    const records = await ok(t, producer, '/project/records', { project_id: projectId });
    expect(records.list[0]!.action).toBe('project_confirm_batches');
  });

  it('assigns every item of a larger project (100,000 and timing: project-publish.pg.test.ts)', async () => {
    const { projectId } = await walkWizard(t, producer, siteId, { items: 20_000, until: 'data' });
    const batches = Array.from({ length: 4 }, (_, i) => ({ name: `B${i + 1}`, count: 5000 }));
    const result = await ok(t, producer, '/batch/confirm', { project_id: projectId, batches });
    expect(result.list.every((b) => b.total_bytes === 50_000)).toBe(true);
    const [unassigned] = await t.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.dataItems)
      .where(sql`project_id = ${projectId} and batch_id is null`);
    expect(unassigned!.count).toBe(0);
  }, 60_000);
});
