import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTemplate, createCatalogue, ok, projectInfo, userIdOf } from '../../testing/project-wizard.ts';
import { createProjectFixture } from '../../testing/projects.ts';
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

describe('/project/create', () => {
  it('creates a draft created by the caller, resuming at the template step, and audits it', async () => {
    const { categoryId } = await createCatalogue(t, null);
    const leader = await userIdOf(t, 'teamadmin');
    const created = await ok(t, producer, '/project/create', projectInfo(categoryId, { leader_id: leader }));
    expect(created).toMatchObject({
      status: 'draft',
      wizard_step: 1,
      category_id: categoryId,
      leader: { id: leader, nickname: '团队管理员' },
      creator: { nickname: '内容生产' },
      missing: ['template', 'data', 'batches', 'steps', 'tasks'],
      actions: expect.arrayContaining(['delete', 'copy']),
    });
    expect(created.actions).not.toContain('publish');
    const records = await ok(t, producer, '/project/records', { project_id: created.id });
    expect(records.list[0]).toMatchObject({ action: 'project_create', user: { nickname: '内容生产' } });
    expect(records.list[0]!.details).toHaveProperty('before', null);
  });

  it('names the category in the caller’s language in lists and details', async () => {
    const { categoryId } = await createCatalogue(t, null);
    await t.deps.db
      .update(schema.annotationCategories)
      .set({ nameEn: 'Boxes in English' })
      .where(eq(schema.annotationCategories.id, categoryId));
    const created = await ok(t, producer, '/project/create', projectInfo(categoryId));
    const english = await call(t.app, '/project/list', { keyword: created.name }, { token: producer, lang: 'en-US' });
    expect(english.body.data.list[0]!.category_name).toBe('Boxes in English');
    const detail = await call(t.app, '/project/detail', { id: created.id }, { token: producer, lang: 'en-US' });
    expect(detail.body.data.category_name).toBe('Boxes in English');
    const chinese = await ok(t, producer, '/project/list', { keyword: created.name });
    expect(chinese.list[0]!.category_name).toMatch(/^cat /);
  });

  it('refuses an end not later than the start, names outside 2-30, unknown or disabled categories', async () => {
    const { categoryId } = await createCatalogue(t, null);
    const info = projectInfo(categoryId);
    const same = await call(t.app, '/project/create', { ...info, end_at: info.start_at }, { token: producer });
    expect(same.body.error).toBe('project_end_before_start');
    for (const name of ['a', 'x'.repeat(31)]) {
      const bad = await call(t.app, '/project/create', { ...info, name }, { token: producer });
      expect(bad.body.error).toBe('invalid_input');
    }
    const unknown = await call(t.app, '/project/create', projectInfo(99_999_999), { token: producer });
    expect(unknown.body.error).toBe('not_found');
    const disabled = await createCatalogue(t, null, { enabled: false });
    const off = await call(t.app, '/project/create', projectInfo(disabled.categoryId), { token: producer });
    expect(off.body.error).toBe('category_disabled');
    const noStart = await call(t.app, '/project/create', { ...info, start_at: undefined }, { token: producer });
    expect(noStart.body.error).toBe('invalid_input');
  });

  it('refuses a leader who is not an active member of the organisation', async () => {
    const { categoryId } = await createCatalogue(t, null);
    const outsider = await userIdOf(t, 'student2');
    const result = await call(t.app, '/project/create', projectInfo(categoryId, { leader_id: outsider }), {
      token: producer,
    });
    expect(result.body.error).toBe('not_found');
  });
});

describe('/project/update', () => {
  it('changes the info; the category only while no template or step is chosen', async () => {
    const first = await createCatalogue(t, null);
    const second = await createCatalogue(t, null);
    const created = await ok(t, producer, '/project/create', projectInfo(first.categoryId));
    const moved = await ok(t, producer, '/project/update', {
      id: created.id,
      ...projectInfo(second.categoryId, { name: '新名字', notes: 'n' }),
    });
    expect(moved).toMatchObject({ name: '新名字', category_id: second.categoryId, notes: 'n' });
    await ok(t, producer, '/project/set-template', { project_id: created.id, template_id: second.templateId });
    const locked = await call(
      t.app,
      '/project/update',
      { id: created.id, ...projectInfo(first.categoryId) },
      { token: producer },
    );
    expect(locked.body.error).toBe('project_category_locked');
    const records = await ok(t, producer, '/project/records', { project_id: created.id });
    expect(records.list.map((r) => r.action)).toEqual(['project_set_template', 'project_update', 'project_create']);
    expect(records.list[1]!.details).toHaveProperty('before.name', '猫狗标注');
    expect(records.list[1]!.details).toHaveProperty('after.name', '新名字');
  });

  it('is refused once the project is complete or deleted', async () => {
    for (const status of ['complete', 'deleted'] as const) {
      const fixture = await createProjectFixture(t, siteId, { status });
      const result = await call(
        t.app,
        '/project/update',
        { id: fixture.projectId, ...projectInfo(fixture.categoryId) },
        { token: producer },
      );
      expect(result.body.error).toBe('project_not_editable');
    }
  });

  it('refuses a window that would leave a task outside it', async () => {
    const fixture = await createProjectFixture(t, siteId);
    const info = projectInfo(fixture.categoryId, { end_at: new Date(Date.now() + 86_400_000).toISOString() });
    const result = await call(t.app, '/project/update', { id: fixture.projectId, ...info }, { token: producer });
    expect(result.body.error).toBe('task_window_wrong');
  });
});

describe('/project/set-template', () => {
  it("takes a common or the organisation's own template of the project's category only", async () => {
    const { categoryId, templateId } = await createCatalogue(t, null);
    const created = await ok(t, producer, '/project/create', projectInfo(categoryId));
    const other = await createCatalogue(t, null);
    const mismatch = await call(
      t.app,
      '/project/set-template',
      { project_id: created.id, template_id: other.templateId },
      { token: producer },
    );
    expect(mismatch.body.error).toBe('template_category_mismatch');
    const foreign = await addTemplate(t, otherSiteId, categoryId);
    const hidden = await call(
      t.app,
      '/project/set-template',
      { project_id: created.id, template_id: foreign },
      { token: producer },
    );
    expect(hidden.body.error).toBe('not_found');
    const own = await addTemplate(t, siteId, categoryId);
    expect(
      (await ok(t, producer, '/project/set-template', { project_id: created.id, template_id: own })).template_id,
    ).toBe(own);
    const common = await ok(t, producer, '/project/set-template', { project_id: created.id, template_id: templateId });
    expect(common).toMatchObject({ template_id: templateId, wizard_step: 2 });
  });
});

describe('list, detail, form and tenancy', () => {
  it("lists the organisation's projects only, deleted ones only when asked", async () => {
    const mine = await createProjectFixture(t, siteId, { name: 'tenancy mine' });
    const gone = await createProjectFixture(t, siteId, { name: 'tenancy gone', status: 'deleted' });
    const theirs = await createProjectFixture(t, otherSiteId, { name: 'tenancy theirs' });
    const list = await ok(t, producer, '/project/list', { keyword: 'tenancy', pageSize: 100 });
    expect(list.list.map((p) => p.id)).toEqual([mine.projectId]);
    expect(list.list[0]).toMatchObject({ batch_count: 1, item_count: 1, participant_count: 0 });
    const deleted = await ok(t, producer, '/project/list', { keyword: 'tenancy', status: 'deleted' });
    expect(deleted.list.map((p) => p.id)).toEqual([gone.projectId]);
    const byCategory = await ok(t, producer, '/project/list', { category_id: mine.categoryId });
    expect(byCategory.total).toBe(1);
    const foreign = await call(t.app, '/project/detail', { id: theirs.projectId }, { token: producer });
    expect(foreign.body.error).toBe('not_found');
  });

  it('offers active members as leaders and people, and team groups', async () => {
    const [group] = await t.deps.db
      .insert(schema.groups)
      .values({ siteId, kind: 'team', name: '一组' })
      .returning({ id: schema.groups.id });
    const form = await ok(t, producer, '/project/form', {});
    expect(form.leaders.map((l) => l.username)).toContain('annotator');
    expect(form.leaders.map((l) => l.username)).not.toContain('student2');
    expect(form.groups.map((g) => g.id)).toContain(group!.id);
    expect(form.members.find((m) => m.username === 'producer')?.roles).toEqual(['role_content_production']);
    await t.deps.db.delete(schema.groups).where(eq(schema.groups.id, group!.id));
  });
});
