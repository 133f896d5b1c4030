import { schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/** `SEED_DEMO=on`: one ready project per kind of media, with real files a producer can open. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'on' });
  token = await sessionFor(t, 'producer');
});
afterAll(() => t.close());

describe('demo annotation projects', () => {
  it('lists one project per kind of media, in progress and fully set up', async () => {
    const list = await call(t.app, '/project/list', { pageSize: 20 }, { token });
    expect(list.status).toBe(200);
    const projects = list.body.data.list;
    expect(new Set(projects.map((p) => p.task_type))).toEqual(
      new Set(['image', 'text', 'audio', 'video', 'point_cloud', 'form']),
    );
    for (const project of projects) {
      expect(project.status).toBe('doing');
      expect(project.item_count).toBeGreaterThan(0);
      const detail = await call(t.app, '/project/detail', { id: project.id }, { token });
      expect(detail.body.data.missing).toEqual([]);
      expect(detail.body.data.actions).toContain('pause');
    }
  });

  it('serves each stored sample file with its media type', async () => {
    const items = await t.deps.db
      .select({ id: schema.dataItems.id, kind: schema.dataItems.kind, size: schema.dataItems.size })
      .from(schema.dataItems)
      .orderBy(asc(schema.dataItems.id));
    const expected: Record<string, string> = { image: 'image/png', audio: 'audio/wav', video: 'video/webm' };
    for (const kind of Object.keys(expected)) {
      const item = items.find((i) => i.kind === kind)!;
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/file/data-item/${item.id}`,
        headers: { 'access-token': token },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(expected[kind]!);
      expect(response.rawPayload.length).toBe(item.size);
    }
  });

  it('gives the demo annotator and reviewer the tasks of each project', async () => {
    const [annotator] = await t.deps.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.username, 'annotator'));
    const tasks = await t.deps.db
      .select({ taskId: schema.taskPeople.taskId })
      .from(schema.taskPeople)
      .where(eq(schema.taskPeople.userId, annotator!.id));
    expect(tasks.length).toBeGreaterThanOrEqual(7);
  });
});
