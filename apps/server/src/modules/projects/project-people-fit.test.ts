import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, userIdOf, walkWizard } from '../../testing/project-wizard.ts';
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

type Member = { id: number; username: string; work: string[] };

/** A draft with an execute step and an audit step under it, one batch, tasks saved: [execute task, audit task]. */
async function twoStepProject() {
  const p = await walkWizard(t, producer, siteId, { items: 2, until: 'batches' });
  await ok(t, producer, '/step/save', {
    project_id: p.projectId,
    steps: [
      { key: 'e', name: '标注', type: 'execute', category_id: p.categoryId, template_id: p.templateId },
      { key: 'a', name: '审核', type: 'audit', parent_key: 'e' },
    ],
  });
  const suggested = await ok(t, producer, '/project/task-list', { project_id: p.projectId });
  const saved = await ok(t, producer, '/project/task-save', { project_id: p.projectId, tasks: suggested.list });
  const byType = (type: string) => {
    const id = saved.list.find((row) => row.step_type === type)?.id;
    if (id == null) throw new Error(`no saved ${type} task`);
    return id;
  };
  return { projectId: p.projectId, executeTask: byType('execute'), auditTask: byType('audit') };
}

/** Gives the member a role of this organisation that holds only the given permission keys. */
async function grantOnly(username: string, roleKey: string, keys: string[]) {
  await t.deps.db.insert(schema.roles).values({ key: roleKey, name: roleKey }).onConflictDoNothing();
  await t.deps.db.insert(schema.rolePermissions).values(keys.map((permissionKey) => ({ roleKey, permissionKey })));
  const [membership] = await t.deps.db
    .select({ id: schema.siteUsers.id })
    .from(schema.siteUsers)
    .where(and(eq(schema.siteUsers.userId, await userIdOf(t, username)), eq(schema.siteUsers.siteId, siteId)));
  await t.deps.db.insert(schema.siteUserRoles).values({ siteUserId: membership!.id, siteId, roleKey });
}

const members = async (): Promise<Member[]> => (await ok(t, producer, '/project/form', {})).members;

describe('who can be given a task (/project/form, /project/people-save)', () => {
  it('offers members whose roles here can work a step, never students, teachers or platform roles', async () => {
    const form = await ok(t, producer, '/project/form', {});
    const names = form.members.map((m: Member) => m.username);
    expect(names).toEqual(expect.arrayContaining(['annotator', 'reviewer', 'teamadmin', 'producer', 'manager']));
    for (const unfit of ['student', 'teacher', 'contentmgr', 'root', 'operator']) expect(names).not.toContain(unfit);
    expect(form.members.find((m) => m.username === 'annotator')?.work).toEqual(['execute', 'review']);
    // Leaders are any active member: the lead of a project need not annotate.
    expect(form.leaders.map((m) => m.username)).toContain('teacher');
  });

  it('derives the work from permission keys: a role with claim and submit only executes', async () => {
    await grantOnly('student', 'role_test_annotate', ['/task/claim', '/task/submit']);
    const student = (await members()).find((m) => m.username === 'student');
    expect(student?.work).toEqual(['execute']);
    const p = await twoStepProject();
    const studentId = await userIdOf(t, 'student');
    const annotator = await userIdOf(t, 'annotator');
    await ok(t, producer, '/project/people-save', {
      project_id: p.projectId,
      tasks: [{ task_id: p.executeTask, user_ids: [studentId], group_ids: [] }],
    });
    const refused = await call(
      t.app,
      '/project/people-save',
      {
        project_id: p.projectId,
        tasks: [
          { task_id: p.executeTask, user_ids: [annotator], group_ids: [] },
          { task_id: p.auditTask, user_ids: [annotator, studentId], group_ids: [] },
        ],
      },
      { token: producer, lang: 'en-US' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'task_person_unfit',
      details: { task_id: p.auditTask, user_id: studentId, work: 'review' },
    });
    expect(refused.body.message).toContain('张同学');
    expect(refused.body.message).toContain('claim and judge review jobs');
    // All or nothing: the execute task keeps the student, the audit task stays empty.
    const tasks = await ok(t, producer, '/project/task-list', { project_id: p.projectId });
    const people = (id: number) => tasks.list.find((row) => row.id === id)?.users.map((u) => u.id);
    expect(people(p.executeTask)).toEqual([studentId]);
    expect(people(p.auditTask)).toEqual([]);
  });

  it('refuses a teacher, a content manager and the super administrator by name, in both languages', async () => {
    const p = await twoStepProject();
    for (const username of ['teacher', 'contentmgr', 'root']) {
      const userId = await userIdOf(t, username);
      const body = { project_id: p.projectId, tasks: [{ task_id: p.executeTask, user_ids: [userId], group_ids: [] }] };
      const zh = await call(t.app, '/project/people-save', body, { token: producer, lang: 'zh-CN' });
      expect(zh.body).toMatchObject({ error: 'task_person_unfit', details: { user_id: userId, work: 'execute' } });
      expect(zh.body.message).toContain('领取并提交标注作业');
      const en = await call(t.app, '/project/people-save', body, { token: producer, lang: 'en-US' });
      expect(en.body.message).toContain('claim and submit annotation jobs');
    }
    const detail = await ok(t, producer, '/project/detail', { id: p.projectId });
    expect(detail).toMatchObject({ status: 'draft', missing: ['people'] });
  });

  it('follows the grants: a role that loses /task/review no longer offers review steps', async () => {
    await grantOnly('teacher', 'role_test_review', ['/task/claim', '/task/review']);
    expect((await members()).find((m) => m.username === 'teacher')?.work).toEqual(['review']);
    await t.deps.db
      .delete(schema.rolePermissions)
      .where(
        and(
          eq(schema.rolePermissions.roleKey, 'role_test_review'),
          eq(schema.rolePermissions.permissionKey, '/task/review'),
        ),
      );
    expect((await members()).map((m) => m.username)).not.toContain('teacher');
  });
});
