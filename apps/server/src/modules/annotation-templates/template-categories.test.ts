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
let operator: string;
let producer: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await loginAs(t.app, 'root');
  operator = await loginAs(t.app, 'operator');
  producer = await loginAs(t.app, 'producer');
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

/** A PNG by its first bytes, 2 KB (the server checks the magic bytes and the size). */
const pngDataUrl = () =>
  `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]).toString('base64')}`;

const boxes = {
  version: 1,
  components: [
    { id: 'img', type: 'image' },
    { id: 'tags', type: 'tags', labels: [{ name: 'car', color: '#ff0000', shortcut: '1' }] },
    { id: 'box', type: 'rect', shortcut: 'r' },
  ],
};

const unique = () => Math.random().toString(36).slice(2, 8);

async function auditOf(id: number) {
  return t.deps.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.targetType, 'template_category'), eq(schema.auditLogs.targetId, String(id))))
    .orderBy(asc(schema.auditLogs.id));
}

describe('categories (/template-category/...)', () => {
  it('creates a category with images and starting templates, audited; names are unique', async () => {
    const name = `框-${unique()}`;
    const created = await ok(root, '/template-category/create', {
      name: `  ${name}  `,
      name_en: 'Boxes',
      task_type: 'image',
      draw_type: 'rect',
      keyword: 'box detection',
      small_icon: pngDataUrl(),
      big_icon: pngDataUrl(),
      data_field: 'image_url',
      template_field: 'img',
      template_zh: boxes,
      template_en: boxes,
      sort: 5,
    });
    expect(created).toMatchObject({ name, name_en: 'Boxes', task_type: 'image', draw_type: 'rect', enabled: true });
    expect(created.small_icon).toMatch(/^\/files\/categories\/[0-9a-f]{64}\.png$/);
    expect(created.preview_image).toBeNull();
    expect(created.template_zh?.components).toHaveLength(3);
    expect((await ok(root, '/template-category/detail', { id: created.id })).template_en?.components[2]?.type).toBe(
      'rect',
    );
    const audit = await auditOf(created.id);
    expect(audit[0]).toMatchObject({ action: 'template_category_create' });
    expect(audit[0]!.details).toMatchObject({ before: null, after: { name, template_zh_components: 3 } });

    const taken = await call(t.app, '/template-category/create', { name, task_type: 'text' }, { token: root });
    expect(taken.body.error).toBe('category_name_taken');
    for (const bad of [
      { name: '', task_type: 'image' },
      { name: 'x'.repeat(31), task_type: 'image' },
      { name: 'x', task_type: 'smell' },
    ]) {
      expect((await call(t.app, '/template-category/create', bad, { token: root })).body.error).toBe('invalid_input');
    }
    const notImage = await call(
      t.app,
      '/template-category/create',
      { name: `x-${unique()}`, task_type: 'image', small_icon: 'data:image/png;base64,AAAA' },
      { token: root },
    );
    expect(notImage.body.error).toBe('file_type_wrong');
  });

  it('refuses starting templates that break the rules of the category, naming the problems', async () => {
    const refused = await call(
      t.app,
      '/template-category/create',
      { name: `多边形-${unique()}`, task_type: 'image', draw_type: 'polygon', template_en: boxes },
      { token: root, lang: 'en-US' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('template_invalid');
    expect(refused.body.details).toHaveProperty('field', 'template_en');
    expect(refused.body.details).toHaveProperty('problems', [
      expect.objectContaining({ code: 'drawing_tool_missing', message: expect.stringContaining('drawable shape') }),
    ]);
    expect(refused.body.message).toContain('drawable shape');
  });

  it('lists by sort with keyword, task type and enabled filters; options offer enabled ones in the caller language', async () => {
    const tag = unique();
    const a = await ok(operator, '/template-category/create', {
      name: `文本-${tag}`,
      name_en: `Text ${tag}`,
      task_type: 'text',
      sort: 2,
    });
    const b = await ok(operator, '/template-category/create', {
      name: `音频-${tag}`,
      task_type: 'audio',
      sort: 1,
      enabled: false,
    });
    const all = await ok(root, '/template-category/list', { keyword: tag });
    expect(all.list.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await ok(root, '/template-category/list', { keyword: `Text ${tag}` })).total).toBe(1);
    expect((await ok(root, '/template-category/list', { keyword: tag, task_type: 'audio' })).list[0]?.id).toBe(b.id);
    expect((await ok(root, '/template-category/list', { keyword: tag, enabled: true })).list.map((r) => r.id)).toEqual([
      a.id,
    ]);

    const en = await ok(producer, '/template-category/options', {}, 'en-US');
    expect(en.list.find((o) => o.id === a.id)).toEqual({
      id: a.id,
      name: `Text ${tag}`,
      task_type: 'text',
      draw_type: 'none',
      small_icon: null,
      template: null,
    });
    expect(en.list.some((o) => o.id === b.id)).toBe(false);
    const zh = await ok(producer, '/template-category/options', {}, 'zh-CN');
    expect(zh.list.find((o) => o.id === a.id)?.name).toBe(`文本-${tag}`);
  });

  it('updates what is given, clears an image with null; the kind stays while templates or projects use it', async () => {
    const created = await ok(root, '/template-category/create', {
      name: `点-${unique()}`,
      task_type: 'image',
      draw_type: 'rect',
      small_icon: pngDataUrl(),
    });
    const updated = await ok(root, '/template-category/update', {
      id: created.id,
      keyword: 'kw',
      small_icon: null,
      draw_type: 'mixed',
    });
    expect(updated).toMatchObject({ keyword: 'kw', small_icon: null, draw_type: 'mixed', name: created.name });
    const audit = await auditOf(created.id);
    expect(audit.at(-1)!.details).toMatchObject({
      before: { draw_type: 'rect' },
      after: { draw_type: 'mixed', keyword: 'kw' },
    });

    await ok(producer, '/template/create', { name: 'uses it', category_id: created.id, content: boxes });
    const kind = await call(
      t.app,
      '/template-category/update',
      { id: created.id, task_type: 'video' },
      { token: root },
    );
    expect(kind.body.error).toBe('category_in_use');
    expect((await ok(root, '/template-category/update', { id: created.id, enabled: false })).enabled).toBe(false);
    const other = await ok(root, '/template-category/create', { name: `名-${unique()}`, task_type: 'text' });
    const taken = await call(t.app, '/template-category/update', { id: other.id, name: created.name }, { token: root });
    expect(taken.body.error).toBe('category_name_taken');
    expect(
      (await call(t.app, '/template-category/update', { id: 999_999, keyword: 'x' }, { token: root })).body.error,
    ).toBe('not_found');
  });

  it('deletes a category nothing uses; refuses while templates or projects use it', async () => {
    const free = await ok(root, '/template-category/create', { name: `删-${unique()}`, task_type: 'form' });
    expect(await ok(root, '/template-category/delete', { id: free.id })).toEqual({ ok: true });
    expect((await auditOf(free.id)).at(-1)).toMatchObject({ action: 'template_category_delete' });
    expect((await call(t.app, '/template-category/delete', { id: free.id }, { token: root })).body.error).toBe(
      'not_found',
    );

    const used = await ok(root, '/template-category/create', {
      name: `用-${unique()}`,
      task_type: 'image',
      draw_type: 'rect',
    });
    const template = await ok(producer, '/template/create', { name: 'in use', category_id: used.id, content: boxes });
    expect((await call(t.app, '/template-category/delete', { id: used.id }, { token: root })).body.error).toBe(
      'category_in_use',
    );
    await ok(producer, '/template/delete', { id: template.id });
    expect(await ok(root, '/template-category/delete', { id: used.id })).toEqual({ ok: true });

    const fixture = await createProjectFixture(t, await siteIdByName(t, '示范学院'));
    // Without its template, the category is still used by the project and its step.
    await t.deps.db.delete(schema.annotationTemplates).where(eq(schema.annotationTemplates.id, fixture.templateId));
    const byProject = await call(t.app, '/template-category/delete', { id: fixture.categoryId }, { token: root });
    expect(byProject.body.error).toBe('category_in_use');
  });

  it('is a platform matter: a producer may not manage categories', async () => {
    const refused = await call(
      t.app,
      '/template-category/create',
      { name: 'x', task_type: 'image' },
      { token: producer },
    );
    expect(refused.body.error).toBe('forbidden');
  });
});
