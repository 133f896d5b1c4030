import { schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
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

describe('lifecycle under concurrency (PostgreSQL)', () => {
  it('two publishes at the same time: exactly one passes, one audit line', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await walkWizard(t, producer, siteId, { items: 2 });
      const results = await Promise.all(
        [0, 1].map(() => call(t.app, '/project/publish', { id: p.projectId }, { token: producer })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.error).toBe('project_state_wrong');
      const lines = await t.deps.db
        .select({ count: sql<number>`count(*)::int` })
        .from(schema.auditLogs)
        .where(and(eq(schema.auditLogs.action, 'project_publish'), eq(schema.auditLogs.targetId, String(p.projectId))));
      expect(lines[0]!.count).toBe(1);
    }
  });

  it('a pause and a complete at the same time: one passes', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 2 });
    await ok(t, producer, '/project/publish', { id: p.projectId });
    await ok(t, await sessionFor(t, 'root'), '/project/audit', { id: p.projectId, decision: 'approve' });
    const results = await Promise.all(
      (['delete', 'restart'] as const).map((action) =>
        call(t.app, `/project/${action}`, { id: p.projectId }, { token: producer }),
      ),
    );
    // doing: neither delete nor restart is allowed.
    expect(results.map((r) => r.body.error)).toEqual(['project_state_wrong', 'project_state_wrong']);
    const raced = await Promise.all(
      (['pause', 'complete'] as const).map((action) =>
        call(t.app, `/project/${action}`, { id: p.projectId }, { token: producer }),
      ),
    );
    const passed = raced.filter((r) => r.status === 200);
    expect(passed.length).toBeGreaterThanOrEqual(1);
    // pause then complete is a legal sequence; complete then pause is refused.
    if (passed.length === 1) expect(raced.find((r) => r.status !== 200)!.body.error).toBe('project_state_wrong');
  });

  it('confirms 100,000 items into batches quickly (one UPDATE per batch)', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 100_000, until: 'data' });
    await ok(t, producer, '/project/confirm-data', { project_id: p.projectId });
    const started = Date.now();
    const batches = Array.from({ length: 50 }, (_, i) => ({ name: `B${i + 1}`, count: 2000 }));
    const result = await ok(t, producer, '/batch/confirm', { project_id: p.projectId, batches });
    const ms = Date.now() - started;
    expect(ms).toBeLessThan(10_000);
    expect(result.list).toHaveLength(50);
    expect(result.list.every((b) => b.total_bytes === 20_000)).toBe(true);
    const [unassigned] = await t.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.dataItems)
      .where(sql`project_id = ${p.projectId} and batch_id is null`);
    expect(unassigned!.count).toBe(0);
  }, 60_000);
});
