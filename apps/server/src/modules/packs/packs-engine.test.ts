import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueOf } from '../../platform/queue.ts';
import { openPackProject } from '../../testing/pack-project.ts';
import { createPackFixture, downloadPack, unzipEntries, waitForPack } from '../../testing/packs.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { PACK_TUNING } from './pack-worker.ts';

/** Checkpoints: stop and restart, a server restart in the middle, and who may see a pack. */
let t: TestApp;
let manager: string;
let projectId: number;
let stepId: number;
beforeAll(async () => {
  ({ t, manager, projectId, stepId } = await openPackProject({ items: 10 }));
  PACK_TUNING.sliceSize = 3;
});
afterAll(async () => {
  PACK_TUNING.sliceSize = 500;
  PACK_TUNING.afterSlice = undefined;
  await t.close();
});

async function build(app: TestApp, token: string, format: string): Promise<number> {
  const built = await call(app.app, '/pack/build', { project_id: projectId, step_id: stepId, format }, { token });
  expect(built.body.data, JSON.stringify(built.body)).toBeDefined();
  return built.body.data.id;
}

describe('pack checkpoints', () => {
  it('stops after the first slice and, restarted, gives the same zip as an uninterrupted run', async () => {
    for (const format of ['json', 'csv']) {
      PACK_TUNING.afterSlice = undefined;
      const whole = await build(t, manager, format);
      await waitForPack(t, manager, projectId, whole, ['succeeded']);
      const expected = await downloadPack(t, manager, whole);

      let target = 0;
      PACK_TUNING.afterSlice = async (packId, slices) => {
        if (packId === target && slices === 1) {
          const stopped = await call(t.app, '/pack/stop', { id: packId }, { token: manager });
          expect(stopped.body.data.status).toBe('stopped');
        }
      };
      const id = await build(t, manager, format);
      target = id;
      const stopped = await waitForPack(t, manager, projectId, id, ['stopped', 'succeeded']);
      expect(stopped).toMatchObject({ status: 'stopped', done: 3, total: 10 });
      expect((await call(t.app, '/pack/download', { id }, { token: manager })).body.error).toBe('pack_no_file');
      expect((await call(t.app, '/pack/stop', { id }, { token: manager })).body.error).toBe('pack_state_wrong');

      PACK_TUNING.afterSlice = undefined;
      const restarted = await call(t.app, '/pack/restart', { id }, { token: manager });
      expect(restarted.body.data.status).toBe('queued');
      const done = await waitForPack(t, manager, projectId, id, ['succeeded', 'failed']);
      expect(done).toMatchObject({ status: 'succeeded', done: 10, success_count: 10, fail_count: 0 });
      expect((await downloadPack(t, manager, id)).equals(expected)).toBe(true);
    }
  });

  it('resumes a pack after a server restart in the middle of it', async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'packs-restart-'));
    try {
      const first = await createTestApp({ DATA_DIR: dataDir }, database);
      const token = await sessionFor(first, 'manager');
      const fixture = await createPackFixture(first, await siteIdByName(first, '示范学院'), { items: 10 });
      let closing: Promise<void> | undefined;
      const queue = queueOf(first.deps);
      PACK_TUNING.afterSlice = async (_packId, slices) => {
        if (slices !== 2 || closing) return;
        closing = first.close();
        // The server is stopping: the worker sees it before its next slice.
        while (!queue.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      const built = await call(
        first.app,
        '/pack/build',
        { project_id: fixture.projectId, step_id: fixture.executeStepId, format: 'jsonl' },
        { token },
      );
      const id = built.body.data.id;
      while (!closing) await new Promise((resolve) => setTimeout(resolve, 50));
      await closing;
      PACK_TUNING.afterSlice = undefined;
      const [left] = await database.db.select().from(schema.packs).where(eq(schema.packs.id, id));
      expect(left).toMatchObject({ status: 'running', done: 6 });

      const second = await createTestApp({ DATA_DIR: dataDir }, database);
      try {
        const row = await waitForPack(second, token, fixture.projectId, id, ['succeeded', 'failed']);
        expect(row).toMatchObject({ status: 'succeeded', done: 10, success_count: 10 });
        const entries = await unzipEntries(await downloadPack(second, token, id));
        const lines = entries.get('annotations.jsonl')!.toString('utf8').trimEnd().split('\n');
        expect(lines.map((l) => JSON.parse(l).item.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('pack access', () => {
  it('keeps packs to their organisation and the download to holders of the key', async () => {
    PACK_TUNING.afterSlice = undefined;
    const id = await build(t, manager, 'jsonl');
    await waitForPack(t, manager, projectId, id, ['succeeded']);
    const link = await call(t.app, '/pack/download', { id }, { token: manager });
    const url = link.body.data.url;

    const other = await sessionFor(t, 'manager2');
    expect((await call(t.app, '/pack/download', { id }, { token: other })).body.error).toBe('not_found');
    const otherList = await call(t.app, '/pack/list', {}, { token: other });
    expect(otherList.body.data.list.some((p) => p.id === id)).toBe(false);
    const fromOther = await t.app.inject({ method: 'GET', url, headers: { 'access-token': other } });
    expect(fromOther.statusCode).toBe(404);

    const annotator = await sessionFor(t, 'annotator');
    expect((await call(t.app, '/pack/list', {}, { token: annotator })).body.error).toBe('forbidden');
    const fromAnnotator = await t.app.inject({ method: 'GET', url, headers: { 'access-token': annotator } });
    expect(fromAnnotator.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const mine = await call(t.app, '/pack/list', {}, { token: manager });
    expect(mine.body.data.list[0]).toMatchObject({ id, status: 'succeeded', format: 'jsonl', created_by: '王校长' });
  });
});
