import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, userIdOf, walkWizard } from '../../testing/project-wizard.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let producer: string;
let siteId: number;
let otherSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  producer = await sessionFor(t, 'producer');
  siteId = await siteIdByName(t, '示范学院');
  otherSiteId = await siteIdByName(t, '星河数据');
});
afterAll(() => t.close());

async function teamGroup(site: number, usernames: string[], kind: 'team' | 'class' = 'team') {
  const [group] = await t.deps.db
    .insert(schema.groups)
    .values({ siteId: site, kind, name: `g ${Math.random().toString(36).slice(2, 8)}` })
    .returning({ id: schema.groups.id });
  for (const username of usernames) {
    const [membership] = await t.deps.db
      .select({ id: schema.siteUsers.id })
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.userId, await userIdOf(t, username)));
    await t.deps.db.insert(schema.groupMembers).values({ groupId: group!.id, siteUserId: membership!.id, kind });
  }
  return group!.id;
}

const savePeople = (projectId: number, tasks: unknown[]) =>
  call(t.app, '/project/people-save', { project_id: projectId, tasks }, { token: producer });

describe('/project/people-save', () => {
  it('refuses people and groups of another organisation, class groups and tasks of other projects', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 2, until: 'tasks' });
    const taskId = p.taskIds[0]!;
    const outsider = await userIdOf(t, 'student2');
    const theirGroup = await teamGroup(otherSiteId, []);
    const classGroup = await teamGroup(siteId, [], 'class');
    const other = await walkWizard(t, producer, siteId, { items: 1, until: 'tasks' });
    for (const body of [
      { task_id: taskId, user_ids: [outsider], group_ids: [] },
      { task_id: taskId, user_ids: [], group_ids: [theirGroup] },
      { task_id: taskId, user_ids: [], group_ids: [classGroup] },
      { task_id: other.taskIds[0], user_ids: [], group_ids: [] },
    ]) {
      expect((await savePeople(p.projectId, [body])).body.error, JSON.stringify(body)).toBe('not_found');
    }
    const pending = await userIdOf(t, 'reviewer');
    await t.deps.db.update(schema.siteUsers).set({ status: 'pending' }).where(eq(schema.siteUsers.userId, pending));
    const inactive = await savePeople(p.projectId, [{ task_id: taskId, user_ids: [pending], group_ids: [] }]);
    await t.deps.db.update(schema.siteUsers).set({ status: 'active' }).where(eq(schema.siteUsers.userId, pending));
    expect(inactive.body.error).toBe('not_found');
  });

  it('counts distinct people through users and groups, and a complete draft becomes releasing', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 2, until: 'tasks' });
    const group = await teamGroup(siteId, ['annotator', 'reviewer']);
    const empty = await teamGroup(siteId, []);
    const onlyEmpty = await ok(t, producer, '/project/people-save', {
      project_id: p.projectId,
      tasks: [{ task_id: p.taskIds[0], user_ids: [], group_ids: [empty] }],
    });
    expect(onlyEmpty.list[0]!.people_count).toBe(0);
    const stillDraft = await ok(t, producer, '/project/detail', { id: p.projectId });
    expect(stillDraft).toMatchObject({ status: 'draft', missing: ['people'], wizard_step: 7 });
    const annotator = await userIdOf(t, 'annotator');
    const saved = await ok(t, producer, '/project/people-save', {
      project_id: p.projectId,
      tasks: [{ task_id: p.taskIds[0], user_ids: [annotator, annotator], group_ids: [group] }],
    });
    expect(saved.list[0]).toMatchObject({ people_count: 2 });
    expect(saved.list[0]!.users.map((u) => u.id)).toEqual([annotator]);
    expect(saved.list[0]!.groups).toEqual([expect.objectContaining({ id: group, member_count: 2 })]);
    const detail = await ok(t, producer, '/project/detail', { id: p.projectId });
    expect(detail).toMatchObject({ status: 'releasing', missing: [], participant_count: 2 });
    expect(detail.actions).toContain('publish');
    const list = await ok(t, producer, '/project/list', { keyword: detail.name, pageSize: 100 });
    expect(list.list.find((row) => row.id === p.projectId)?.participant_count).toBe(2);
    const records = await ok(t, producer, '/project/records', { project_id: p.projectId });
    expect(records.list[0]).toMatchObject({ action: 'project_save_people' });
    expect(records.list[0]!.details).toHaveProperty('before.status', 'draft');
    expect(records.list[0]!.details).toHaveProperty('after.status', 'releasing');
  });

  it('changes people while in progress, not once complete or deleted', async () => {
    const p = await walkWizard(t, producer, siteId, { items: 2 });
    await ok(t, producer, '/project/publish', { id: p.projectId });
    await ok(t, await sessionFor(t, 'root'), '/project/audit', { id: p.projectId, decision: 'approve' });
    const reviewer = await userIdOf(t, 'reviewer');
    const changed = await ok(t, producer, '/project/people-save', {
      project_id: p.projectId,
      tasks: [{ task_id: p.taskIds[0], user_ids: [reviewer], group_ids: [] }],
    });
    expect(changed.list[0]!.users.map((u) => u.id)).toEqual([reviewer]);
    await ok(t, producer, '/project/complete', { id: p.projectId });
    const refused = await savePeople(p.projectId, [{ task_id: p.taskIds[0], user_ids: [], group_ids: [] }]);
    expect(refused.body.error).toBe('project_not_editable');
  });
});
