import { randomBytes } from 'node:crypto';
import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectFixture } from '../../testing/projects.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { type CallOutput, call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let root: string;
let producer: string;
let teamadmin: string;
let otherManager: string;
let boxCategory: number;
let keypointCategory: number;
let disabledCategory: number;
let common: { id: number; name: string };

/** A PNG by its first bytes, 2 KB (the server checks the magic bytes and the size). */
const pngDataUrl = () =>
  `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]).toString('base64')}`;
const unique = () => Math.random().toString(36).slice(2, 8);
const boxes = (shortcut = 'r') => ({
  version: 1,
  components: [
    { id: 'img', type: 'image' },
    { id: 'tags', type: 'tags', labels: [{ name: 'car', color: '#ff0000', shortcut: '1' }] },
    { id: 'box', type: 'rect', shortcut },
  ],
});
const face = {
  version: 1,
  components: [
    { id: 'img', type: 'image' },
    {
      id: 'face',
      type: 'keypoints',
      reference_image: true,
      points: [{ name: 'left eye' }, { name: 'right eye' }, { name: 'nose' }],
      edges: [
        [0, 1],
        [1, 2],
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  root = await loginAs(t.app, 'root');
  producer = await loginAs(t.app, 'producer');
  teamadmin = await loginAs(t.app, 'teamadmin');
  otherManager = await loginAs(t.app, 'manager2');
  const category = async (draw_type: string, enabled = true) =>
    (
      await call(
        t.app,
        '/template-category/create',
        { name: `类-${unique()}`, task_type: 'image', draw_type, enabled },
        { token: root },
      )
    ).body.data.id;
  boxCategory = await category('rect');
  keypointCategory = await category('keypoints');
  disabledCategory = await category('rect', false);
  common = (
    await call(
      t.app,
      '/template/common-create',
      { name: `公共框-${unique()}`, category_id: boxCategory, content: boxes() },
      { token: root },
    )
  ).body.data;
});
afterAll(() => t.close());

async function ok<P extends ProcedurePath>(
  token: string,
  path: P,
  input: unknown,
  lang?: string,
): Promise<CallOutput<P>> {
  const result = await call(t.app, path, input, { token, lang });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

async function auditOf(id: number) {
  return t.deps.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.targetType, 'template'), eq(schema.auditLogs.targetId, String(id))))
    .orderBy(asc(schema.auditLogs.id));
}

describe('private templates', () => {
  it('creates a private template of the organisation, audited', async () => {
    const created = await ok(producer, '/template/create', {
      name: ' 我的框 ',
      category_id: boxCategory,
      content: boxes(),
    });
    expect(created).toMatchObject({
      name: '我的框',
      scope: 'private',
      category_id: boxCategory,
      used_by: 0,
      sample_image: null,
    });
    expect(created.content.components[0]).toEqual({ id: 'img', type: 'image', field: '', title: '' });
    const [row] = await t.deps.db
      .select()
      .from(schema.annotationTemplates)
      .where(eq(schema.annotationTemplates.id, created.id));
    expect(row!.siteId).toBe(await siteIdByName(t, '示范学院'));
    expect((await auditOf(created.id))[0]).toMatchObject({ action: 'template_create' });
  });

  it('refuses a document that breaks the rules with template_invalid and the problems; malformed ones as invalid_input', async () => {
    const broken = boxes('1'); // the rect shortcut repeats the label's
    const refused = await call(
      t.app,
      '/template/create',
      { name: 'x', category_id: boxCategory, content: broken },
      { token: producer, lang: 'en-US' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('template_invalid');
    expect(refused.body.details).toHaveProperty('problems', [
      {
        code: 'shortcut_duplicate',
        component_id: 'tags',
        params: { shortcut: '1' },
        message: expect.stringContaining('Shortcut 1'),
      },
    ]);
    const malformed = await call(
      t.app,
      '/template/create',
      {
        name: 'x',
        category_id: boxCategory,
        content: { version: 1, components: [{ id: 'v', type: 'video', fps: 'fast' }] },
      },
      { token: producer },
    );
    expect(malformed.body.error).toBe('invalid_input');
    const disabled = await call(
      t.app,
      '/template/create',
      { name: 'x', category_id: disabledCategory, content: boxes() },
      { token: producer },
    );
    expect(disabled.body.error).toBe('not_found');
    const long = await call(
      t.app,
      '/template/create',
      { name: 'x'.repeat(31), category_id: boxCategory, content: boxes() },
      { token: producer },
    );
    expect(long.body.error).toBe('invalid_input');
  });

  it('needs the sample image uploaded first where a component shows it', async () => {
    const without = await call(
      t.app,
      '/template/create',
      { name: 'face', category_id: keypointCategory, content: face },
      { token: producer },
    );
    expect(without.body.details).toHaveProperty('problems', [
      expect.objectContaining({ code: 'sample_image_missing' }),
    ]);
    const created = await ok(producer, '/template/create', {
      name: 'face',
      category_id: keypointCategory,
      content: face,
      sample_image: pngDataUrl(),
    });
    expect(created.sample_image).toMatch(/^\/files\/template-samples\/[0-9a-f]{64}\.png$/);
    const cleared = await call(t.app, '/template/update', { id: created.id, sample_image: null }, { token: producer });
    expect(cleared.body.error).toBe('template_invalid');
  });

  it('updates its own templates (absent fields stay), checking the result whole', async () => {
    const created = await ok(teamadmin, '/template/create', {
      name: `改-${unique()}`,
      category_id: boxCategory,
      content: boxes(),
    });
    const renamed = await ok(teamadmin, '/template/update', { id: created.id, name: '新名字' });
    expect(renamed).toMatchObject({ name: '新名字', category_id: boxCategory });
    expect(renamed.content.components).toHaveLength(3);
    const toKeypoints = await call(
      t.app,
      '/template/update',
      { id: created.id, category_id: keypointCategory },
      { token: teamadmin },
    );
    expect(toKeypoints.body.details).toHaveProperty('problems', [
      expect.objectContaining({ code: 'drawing_tool_missing' }),
    ]);
    const audit = await auditOf(created.id);
    expect(audit.at(-1)).toMatchObject({ action: 'template_update' });
    expect(audit.at(-1)!.details).toMatchObject({ before: { name: created.name }, after: { name: '新名字' } });
  });

  it('validates without saving', async () => {
    const before = await t.deps.db.select().from(schema.annotationTemplates);
    const result = await ok(producer, '/template/validate', { category_id: keypointCategory, content: face }, 'en-US');
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'sample_image_missing',
        component_id: 'face',
        message: 'Upload a sample image first',
      }),
    ]);
    expect(
      (
        await ok(producer, '/template/validate', {
          category_id: keypointCategory,
          content: face,
          has_sample_image: true,
        })
      ).problems,
    ).toEqual([]);
    const malformed = await ok(producer, '/template/validate', {
      category_id: boxCategory,
      content: { version: 1, components: 'x' },
    });
    expect(malformed.problems[0]).toMatchObject({ code: 'schema_invalid', params: { path: 'components' } });
    expect(await t.deps.db.select().from(schema.annotationTemplates)).toHaveLength(before.length);
  });
});

describe('common templates and organisations', () => {
  it('common templates are read by every organisation and changed only through the platform procedures', async () => {
    expect((await ok(otherManager, '/template/detail', { id: common.id })).scope).toBe('common');
    expect(
      (await call(t.app, '/template/update', { id: common.id, name: 'mine now' }, { token: producer })).body.error,
    ).toBe('forbidden');
    expect((await call(t.app, '/template/delete', { id: common.id }, { token: producer })).body.error).toBe(
      'forbidden',
    );
    const updated = await ok(root, '/template/common-update', { id: common.id, name: `${common.name}!` });
    expect(updated.name).toBe(`${common.name}!`);
    expect((await auditOf(common.id)).map((a) => a.action)).toEqual([
      'template_common_create',
      'template_common_update',
    ]);
    const priv = await ok(producer, '/template/create', {
      name: 'private',
      category_id: boxCategory,
      content: boxes(),
    });
    expect((await call(t.app, '/template/common-update', { id: priv.id, name: 'x' }, { token: root })).body.error).toBe(
      'not_found',
    );
    expect((await call(t.app, '/template/common-delete', { id: priv.id }, { token: root })).body.error).toBe(
      'not_found',
    );
  });

  it("another organisation's private template answers not_found; its list shows common ones and its own", async () => {
    const mine = await ok(producer, '/template/create', {
      name: `隔离-${unique()}`,
      category_id: boxCategory,
      content: boxes(),
    });
    for (const [path, input] of [
      ['/template/detail', { id: mine.id }],
      ['/template/update', { id: mine.id, name: 'x' }],
      ['/template/copy', { id: mine.id }],
      ['/template/delete', { id: mine.id }],
    ] as const) {
      expect((await call(t.app, path, input, { token: otherManager })).body.error, path).toBe('not_found');
    }
    const theirs = await ok(otherManager, '/template/list', { pageSize: 100 });
    expect(theirs.list.some((r) => r.id === mine.id)).toBe(false);
    expect(theirs.list.some((r) => r.id === common.id)).toBe(true);
    const options = await ok(otherManager, '/template/options', { category_id: boxCategory });
    expect(options.list.map((o) => o.id)).toContain(common.id);
    expect(options.list.map((o) => o.id)).not.toContain(mine.id);
  });

  it('lists with category, scope and keyword filters, the category named and the projects that use each', async () => {
    const tag = unique();
    const mine = await ok(producer, '/template/create', {
      name: `列表-${tag}`,
      category_id: boxCategory,
      content: boxes(),
    });
    const all = await ok(producer, '/template/list', { category_id: boxCategory, pageSize: 100 });
    expect(all.list.map((r) => r.id)).toEqual(expect.arrayContaining([mine.id, common.id]));
    const privateOnly = await ok(producer, '/template/list', { scope: 'private', pageSize: 100 });
    expect(privateOnly.list.every((r) => r.scope === 'private')).toBe(true);
    const commonOnly = await ok(producer, '/template/list', { scope: 'common', pageSize: 100 });
    expect(commonOnly.list.map((r) => r.id)).toContain(common.id);
    expect(commonOnly.list.some((r) => r.id === mine.id)).toBe(false);
    const found = await ok(producer, '/template/list', { keyword: tag });
    expect(found.total).toBe(1);
    expect(found.list[0]).toMatchObject({
      id: mine.id,
      scope: 'private',
      task_type: 'image',
      draw_type: 'rect',
      used_by: 0,
    });

    const fixture = await createProjectFixture(t, await siteIdByName(t, '示范学院'));
    await t.deps.db
      .update(schema.projects)
      .set({ templateId: mine.id })
      .where(eq(schema.projects.id, fixture.projectId));
    expect((await ok(producer, '/template/list', { keyword: tag })).list[0]?.used_by).toBe(1);
    const options = await ok(producer, '/template/options', {});
    expect(options.list.find((o) => o.id === mine.id)).toEqual({
      id: mine.id,
      name: `列表-${tag}`,
      category_id: boxCategory,
      scope: 'private',
    });
  });

  it('copies a common or own template into a new private one', async () => {
    const copy = await ok(producer, '/template/copy', { id: common.id }, 'en-US');
    expect(copy).toMatchObject({
      scope: 'private',
      category_id: boxCategory,
      name: expect.stringMatching(/ \(copy\)$/),
    });
    expect(copy.content).toEqual((await ok(producer, '/template/detail', { id: common.id })).content);
    const again = await ok(producer, '/template/copy', { id: copy.id, name: '再来一份' });
    expect(again.name).toBe('再来一份');
    const audit = await auditOf(again.id);
    expect(audit[0]).toMatchObject({ action: 'template_copy' });
    expect(audit[0]!.details).toMatchObject({ after: { copied_from: copy.id } });
  });

  it('deletes a template nothing uses; refuses while a project or step uses it', async () => {
    const free = await ok(producer, '/template/create', { name: 'free', category_id: boxCategory, content: boxes() });
    expect(await ok(producer, '/template/delete', { id: free.id })).toEqual({ ok: true });
    expect((await auditOf(free.id)).at(-1)).toMatchObject({ action: 'template_delete' });
    expect((await call(t.app, '/template/detail', { id: free.id }, { token: producer })).body.error).toBe('not_found');

    const fixture = await createProjectFixture(t, await siteIdByName(t, '示范学院'));
    const used = await call(t.app, '/template/delete', { id: fixture.templateId }, { token: producer });
    expect(used.body.error).toBe('template_in_use');
    // Used by the step alone.
    await t.deps.db.update(schema.projects).set({ templateId: null }).where(eq(schema.projects.id, fixture.projectId));
    expect((await call(t.app, '/template/delete', { id: fixture.templateId }, { token: producer })).body.error).toBe(
      'template_in_use',
    );
    const moved = await call(
      t.app,
      '/template/update',
      { id: fixture.templateId, category_id: keypointCategory },
      { token: producer },
    );
    expect(moved.body.error).toBe('template_in_use');

    const commonUsed = await ok(root, '/template/common-create', {
      name: 'common used',
      category_id: boxCategory,
      content: boxes(),
    });
    await t.deps.db.update(schema.steps).set({ templateId: commonUsed.id }).where(eq(schema.steps.id, fixture.stepId));
    expect((await call(t.app, '/template/common-delete', { id: commonUsed.id }, { token: root })).body.error).toBe(
      'template_in_use',
    );
    await t.deps.db.update(schema.steps).set({ templateId: null }).where(eq(schema.steps.id, fixture.stepId));
    expect(await ok(root, '/template/common-delete', { id: commonUsed.id })).toEqual({ ok: true });
  });
});
