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

const HOUR = 3_600_000;

async function suggested(projectId: number) {
  return (await ok(t, producer, '/project/task-list', { project_id: projectId })).list;
}

const save = (projectId: number, tasks: unknown[]) =>
  call(t.app, '/project/task-save', { project_id: projectId, tasks }, { token: producer });

describe('/project/task-list', () => {
  it('suggests one task per step and batch with defaults and the project window', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 4, batches: [1, 3], until: 'steps' });
    const detail = await ok(t, producer, '/project/detail', { id: p.projectId });
    const list = await suggested(p.projectId);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      id: null,
      step_id: p.stepId,
      batch_id: p.batchIds[0],
      name: '标注 · B1',
      claim_size: 1,
      lease_seconds: 3600,
      start_at: detail.start_at,
      end_at: detail.end_at,
      target: 'team',
      status: 'pending',
      users: [],
      groups: [],
      people_count: 0,
    });
  });
});

describe('/project/task-save', () => {
  it('needs every step and batch pair exactly once', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 4, batches: [2, 2], until: 'steps' });
    const list = await suggested(p.projectId);
    expect((await save(p.projectId, [list[0]!])).body.error).toBe('task_pairs_wrong');
    expect((await save(p.projectId, [list[0]!, list[0]!])).body.error).toBe('task_pairs_wrong');
    const foreign = await walkWizard(t, producer, siteId, { items: 1, until: 'steps' });
    const mixed = [list[0]!, { ...list[1]!, step_id: foreign.stepId }];
    expect((await save(p.projectId, mixed)).body.error).toBe('not_found');
  });

  it('keeps each window inside the project and its end not before its start', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 2, until: 'steps' });
    const [task] = await suggested(p.projectId);
    const start = Date.parse(task!.start_at);
    const end = Date.parse(task!.end_at);
    const iso = (ms: number) => new Date(ms).toISOString();
    for (const window of [
      { start_at: iso(start - HOUR) },
      { end_at: iso(end + HOUR) },
      { start_at: iso(start + 2 * HOUR), end_at: iso(start + HOUR) },
    ]) {
      const result = await save(p.projectId, [{ ...task, ...window }]);
      expect(result.body.error, JSON.stringify(window)).toBe('task_window_wrong');
      expect(result.body.message).toContain('标注 · B1');
    }
    const same = await save(p.projectId, [{ ...task, start_at: iso(start + HOUR), end_at: iso(start + HOUR) }]);
    expect(same.body.error).toBeUndefined();
  });

  it('wants whole numbers of at least 1 and a release target', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 2, until: 'steps' });
    const [task] = await suggested(p.projectId);
    for (const bad of [{ claim_size: 0 }, { claim_size: 1.5 }, { lease_seconds: 0 }, { target: 'nobody' }]) {
      expect((await save(p.projectId, [{ ...task, ...bad }])).body.error, JSON.stringify(bad)).toBe('invalid_input');
    }
    const { target: _target, ...untargeted } = task!;
    expect((await save(p.projectId, [untargeted])).body.error).toBe('invalid_input');
  });

  it('saves, keeps ids on a second save, and moves the wizard to the people step', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 2, until: 'steps' });
    const [task] = await suggested(p.projectId);
    const first = await ok(t, producer, '/project/task-save', {
      project_id: p.projectId,
      tasks: [{ ...task, claim_size: 5, lease_seconds: 600, target: 'crowd' }],
    });
    expect(first.list[0]).toMatchObject({ claim_size: 5, lease_seconds: 600, target: 'crowd', status: 'pending' });
    const second = await ok(t, producer, '/project/task-save', {
      project_id: p.projectId,
      tasks: [{ ...first.list[0], claim_size: 7 }],
    });
    expect(second.list[0]).toMatchObject({ id: first.list[0]!.id, claim_size: 7 });
    const detail = await ok(t, producer, '/project/detail', { id: p.projectId });
    expect(detail).toMatchObject({ wizard_step: 7, task_count: 1 });
    // A crowd task needs no people: the setup is complete.
    expect(detail.missing).toEqual([]);
    const records = await ok(t, producer, '/project/records', { project_id: p.projectId });
    expect(records.list[0]).toMatchObject({ action: 'project_save_tasks' });
    expect(records.list[0]!.details).toHaveProperty('before.0.claim_size', 5);
    expect(records.list[0]!.details).toHaveProperty('after.0.claim_size', 7);
  });

  it('edits settings after publishing, not once complete', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 2 });
    await ok(t, producer, '/project/publish', { id: p.projectId });
    const [task] = await suggested(p.projectId);
    const edited = await ok(t, producer, '/project/task-save', {
      project_id: p.projectId,
      tasks: [{ ...task, lease_seconds: 120 }],
    });
    expect(edited.list[0]).toMatchObject({ id: task!.id, lease_seconds: 120 });
    const root = await sessionFor(t, 'root');
    await ok(t, root, '/project/audit', { id: p.projectId, decision: 'approve' });
    await ok(t, producer, '/project/complete', { id: p.projectId });
    const refused = await save(p.projectId, [task!]);
    expect(refused.body.error).toBe('project_not_editable');
  });
});
