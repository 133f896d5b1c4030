import { PROJECT_ACTION_FROM, PROJECT_STATUSES, type TProjectAction } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, walkWizard } from '../../testing/project-wizard.ts';
import { createProjectFixture } from '../../testing/projects.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let producer: string;
let root: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  producer = await sessionFor(t, 'producer');
  root = await sessionFor(t, 'root');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

const TRANSITIONS = ['publish', 'pause', 'restart', 'complete', 'delete', 'recovery', 'copy'] as const;

async function status(projectId: number) {
  const [row] = await t.deps.db
    .select({ status: schema.projects.status })
    .from(schema.projects)
    .where(eq(schema.projects.id, projectId));
  return row!.status;
}

async function taskStatuses(projectId: number) {
  const rows = await t.deps.db
    .select({ status: schema.tasks.status })
    .from(schema.tasks)
    .where(eq(schema.tasks.projectId, projectId));
  return [...new Set(rows.map((r) => r.status))];
}

describe('refused transitions', () => {
  const refused = PROJECT_STATUSES.flatMap((from) =>
    TRANSITIONS.filter((action: TProjectAction) => !PROJECT_ACTION_FROM[action].includes(from)).map(
      (action) => [action, from] as const,
    ),
  );

  it.each(refused)('%s from %s answers project_state_wrong and changes nothing', async (action, from) => {
    const fixture = await createProjectFixture(t, siteId, { status: from });
    const before = await t.deps.db.select().from(schema.projects).where(eq(schema.projects.id, fixture.projectId));
    const result = await call(t.app, `/project/${action}`, { id: fixture.projectId }, { token: producer });
    expect(result.status).toBe(409);
    expect(result.body.error).toBe('project_state_wrong');
    expect(result.body.message).toContain(from);
    const after = await t.deps.db.select().from(schema.projects).where(eq(schema.projects.id, fixture.projectId));
    expect(after).toEqual(before);
  });

  it.each(PROJECT_STATUSES.filter((s) => s !== 'auditing'))('the platform audit refuses a %s project', async (from) => {
    const fixture = await createProjectFixture(t, siteId, { status: from });
    for (const body of [{ decision: 'approve' }, { decision: 'reject', reason: 'no' }]) {
      const result = await call(t.app, '/project/audit', { id: fixture.projectId, ...body }, { token: root });
      expect(result.body.error).toBe('project_state_wrong');
    }
    expect(await status(fixture.projectId)).toBe(from);
  });
});

describe('publish and the platform audit', () => {
  it('refuses to publish an incomplete setup, naming what is missing', async () => {
    const fixture = await createProjectFixture(t, siteId, { status: 'releasing' });
    const result = await call(t.app, '/project/publish', { id: fixture.projectId }, { token: producer });
    expect(result.body.error).toBe('project_setup_incomplete');
    expect(result.body.details).toHaveProperty('missing', ['batches', 'people']);
    expect(await status(fixture.projectId)).toBe('releasing');
  });

  it('rejects with a reason back to releasing, then approves to doing with released tasks', async () => {
    const p = await walkWizard(t, producer, siteId);
    const published = await ok(t, producer, '/project/publish', { id: p.projectId });
    expect(published).toMatchObject({ status: 'auditing', publisher: { nickname: '内容生产' } });
    const operator = await sessionFor(t, 'operator');
    const waiting = await ok(t, operator, '/project/audit-list', { pageSize: 100 });
    expect(waiting.list.find((row) => row.id === p.projectId)).toMatchObject({
      site_id: siteId,
      site_name: '示范学院',
    });
    const noReason = await call(t.app, '/project/audit', { id: p.projectId, decision: 'reject' }, { token: operator });
    expect(noReason.body.error).toBe('invalid_input');
    await ok(t, operator, '/project/audit', { id: p.projectId, decision: 'reject', reason: '数据不清晰' });
    const refused = await ok(t, producer, '/project/detail', { id: p.projectId });
    expect(refused).toMatchObject({ status: 'releasing', audit_reason: '数据不清晰' });
    const again = await ok(t, producer, '/project/publish', { id: p.projectId });
    expect(again).toMatchObject({ status: 'auditing', audit_reason: null });
    await ok(t, operator, '/project/audit', { id: p.projectId, decision: 'approve' });
    const doing = await ok(t, producer, '/project/detail', { id: p.projectId });
    expect(doing).toMatchObject({ status: 'doing', publisher: { nickname: '内容生产' } });
    expect(doing.released_at).not.toBeNull();
    expect(doing.actions.sort()).toEqual(['complete', 'copy', 'pause']);
    expect(await taskStatuses(p.projectId)).toEqual(['released']);
    const records = await ok(t, producer, '/project/records', { project_id: p.projectId, pageSize: 100 });
    expect(records.list.slice(0, 4).map((r) => r.action)).toEqual([
      'project_audit_approve',
      'project_publish',
      'project_audit_reject',
      'project_publish',
    ]);
    expect(records.list[0]!.user?.nickname).toBe('平台运营');
  });

  it('is a platform procedure: a team administrator cannot audit', async () => {
    const fixture = await createProjectFixture(t, siteId, { status: 'auditing' });
    const teamadmin = await sessionFor(t, 'teamadmin');
    const result = await call(
      t.app,
      '/project/audit',
      { id: fixture.projectId, decision: 'approve' },
      { token: teamadmin },
    );
    expect(result.body.error).toBe('forbidden');
  });
});

describe('pause, restart, complete, delete, recovery', () => {
  it('moves the project and its tasks', async () => {
    const p = await walkWizard(t, producer, siteId);
    await ok(t, producer, '/project/publish', { id: p.projectId });
    await ok(t, root, '/project/audit', { id: p.projectId, decision: 'approve' });
    expect((await ok(t, producer, '/project/pause', { id: p.projectId })).status).toBe('paused');
    expect(await taskStatuses(p.projectId)).toEqual(['paused']);
    expect((await ok(t, producer, '/project/restart', { id: p.projectId })).status).toBe('doing');
    expect(await taskStatuses(p.projectId)).toEqual(['released']);
    await ok(t, producer, '/project/pause', { id: p.projectId });
    expect((await ok(t, producer, '/project/complete', { id: p.projectId })).status).toBe('complete');
    expect(await taskStatuses(p.projectId)).toEqual(['complete']);
    const deleted = await ok(t, producer, '/project/delete', { id: p.projectId });
    expect(deleted).toMatchObject({ status: 'deleted', actions: ['recovery'] });
    expect((await ok(t, producer, '/project/recovery', { id: p.projectId })).status).toBe('complete');
    const records = await ok(t, producer, '/project/records', { project_id: p.projectId, pageSize: 100 });
    expect(records.list.slice(0, 2).map((r) => r.action)).toEqual(['project_recovery', 'project_delete']);
    expect(records.list[0]!.details).toMatchObject({ before: { status: 'deleted' }, after: { status: 'complete' } });
  });

  it('recovers a deleted draft to draft', async () => {
    const fixture = await createProjectFixture(t, siteId);
    await ok(t, producer, '/project/delete', { id: fixture.projectId });
    expect((await ok(t, producer, '/project/recovery', { id: fixture.projectId })).status).toBe('draft');
  });
});

describe('/project/copy', () => {
  it('copies info, template and steps into a new draft at the data step', async () => {
    const p = await walkWizard(t, producer, siteId);
    await ok(t, producer, '/step/save', {
      project_id: p.projectId,
      steps: [
        { key: String(p.stepId), name: '标注', type: 'execute', category_id: p.categoryId, template_id: p.templateId },
        { key: 'r', name: '审核', type: 'audit', parent_key: String(p.stepId) },
      ],
    });
    const copy = await ok(t, producer, '/project/copy', { id: p.projectId });
    expect(copy).toMatchObject({
      status: 'draft',
      name: '猫狗标注 副本',
      wizard_step: 2,
      template_id: p.templateId,
      item_count: 0,
      batch_count: 0,
      task_count: 0,
      step_count: 2,
    });
    const steps = await ok(t, producer, '/step/list', { project_id: copy.id });
    expect(steps.list[1]!.parent_step_id).toBe(steps.list[0]!.id);
    const named = await ok(t, producer, '/project/copy', { id: p.projectId, name: '另一个' });
    expect(named.name).toBe('另一个');
    const long = await createProjectFixture(t, siteId, { name: '长'.repeat(30) });
    const trimmed = await call(t.app, '/project/copy', { id: long.projectId }, { token: producer, lang: 'en-US' });
    expect(trimmed.body.data.name).toBe(`${'长'.repeat(25)} copy`);
    const records = await ok(t, producer, '/project/records', { project_id: copy.id });
    expect(records.list[0]).toMatchObject({ action: 'project_copy', details: { copied_from: p.projectId } });
  });
});
