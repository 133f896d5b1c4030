import { checkTemplate, type TDrawType, type TTaskType } from '@app/contracts';
import { schema } from '@app/db';
import { ANNOTATION_CATALOGUE } from '@app/db/seed/annotation-catalogue.ts';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the seeded annotation catalogue', () => {
  it('has one category per kind of work with valid starting templates and a valid common template each', async () => {
    const categories = await t.deps.db.select().from(schema.annotationCategories);
    const seeded = categories.filter((c) => ANNOTATION_CATALOGUE.some((entry) => entry.name === c.name));
    expect(seeded.map((c) => `${c.taskType}/${c.drawType}`).sort()).toEqual(
      [
        'image/rect',
        'image/polygon',
        'image/keypoints',
        'text/text_entity',
        'text/none',
        'audio/audio_segment',
        'video/video_track',
        'point_cloud/cuboid',
        'form/none',
      ].sort(),
    );
    const commons = await t.deps.db
      .select()
      .from(schema.annotationTemplates)
      .where(isNull(schema.annotationTemplates.siteId));
    for (const category of seeded) {
      const rules = { task_type: category.taskType as TTaskType, draw_type: category.drawType as TDrawType };
      expect(category.nameEn, category.name).not.toBe('');
      for (const content of [category.templateZh, category.templateEn]) {
        expect(checkTemplate(content, rules).problems, category.name).toEqual([]);
      }
      const common = commons.filter((tpl) => tpl.categoryId === category.id);
      expect(common, category.name).toHaveLength(1);
      expect(checkTemplate(common[0]!.content, rules, { sampleImage: common[0]!.sampleImage }).problems).toEqual([]);
    }
  });

  it('orders the 17 body key points with a skeleton between them', async () => {
    const [category] = await t.deps.db
      .select()
      .from(schema.annotationCategories)
      .where(eq(schema.annotationCategories.drawType, 'keypoints'));
    const pose = (
      category!.templateEn as { components: { type: string; points?: { name: string }[] }[] }
    ).components.find((c) => c.type === 'keypoints');
    expect(pose!.points).toHaveLength(17);
    expect(pose!.points![0]!.name).toBe('nose');
  });

  it('offers the seeded categories and common templates to a project creator', async () => {
    const producer = await loginAs(t.app, 'producer');
    const options = await call(t.app, '/template-category/options', {}, { token: producer, lang: 'en-US' });
    expect(options.body.data.list.map((o) => o.name)).toEqual(
      expect.arrayContaining(['Image boxes', 'Key points', 'Form only']),
    );
    const templates = await call(t.app, '/template/list', { scope: 'common', pageSize: 50 }, { token: producer });
    expect(templates.body.data.total).toBeGreaterThanOrEqual(ANNOTATION_CATALOGUE.length);
  });
});
