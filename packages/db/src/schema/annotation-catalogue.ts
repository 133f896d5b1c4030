import { boolean, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { sites, users } from './iam.ts';

/** The media an annotation category works on (the data its items carry). */
export type AnnotationMedia = 'image' | 'video' | 'audio' | 'text' | 'point_cloud' | 'form';

/**
 * Annotation categories (platform-wide, kept by platform administrators): what kind of work a project does,
 * e.g. image boxes or text entities. `drawType` says which shapes its templates draw ('none' for forms).
 */
export const annotationCategories = pgTable('annotation_categories', {
  id: id(),
  name: varchar('name', { length: 30 }).notNull().unique(),
  nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
  taskType: varchar('task_type', { length: 16 }).notNull().$type<AnnotationMedia>(),
  drawType: varchar('draw_type', { length: 32 }).notNull().default('none'),
  keyword: varchar('keyword', { length: 100 }).notNull().default(''),
  smallIcon: text('small_icon'),
  bigIcon: text('big_icon'),
  previewImage: text('preview_image'),
  /** Which field of a data record carries the item (e.g. `image_url`). */
  dataField: varchar('data_field', { length: 100 }).notNull().default(''),
  /** Which field of the template receives it. */
  templateField: varchar('template_field', { length: 100 }).notNull().default(''),
  /** Starting template contents in each language (a template document, see contracts). */
  templateZh: jsonb('template_zh'),
  templateEn: jsonb('template_en'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Annotation templates: a JSON document of components (schema in packages/contracts). Common templates
 * (`siteId` null) are offered to every organisation; private ones belong to one.
 */
export const annotationTemplates = pgTable(
  'annotation_templates',
  {
    id: id(),
    siteId: ref('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    categoryId: ref('category_id')
      .notNull()
      .references(() => annotationCategories.id),
    name: varchar('name', { length: 30 }).notNull(),
    content: jsonb('content').notNull(),
    /** A sample image the template shows (stored file path), required by some components. */
    sampleImage: text('sample_image'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('annotation_templates_site').on(t.siteId, t.categoryId)],
);
