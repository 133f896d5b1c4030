import { boolean, index, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { atNow, createdAt, id, ref } from './columns.ts';
import { sites, users } from './iam.ts';

/** Dictionaries: named lists of values that selects across modules offer (e.g. `education`). */
export const dicts = pgTable('dicts', {
  id: id(),
  key: varchar('key', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  createdAt: createdAt(),
});

/** One value of a dictionary with its label in each language; disabled items are not offered. */
export const dictItems = pgTable(
  'dict_items',
  {
    id: id(),
    dictId: ref('dict_id')
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    value: varchar('value', { length: 64 }).notNull(),
    labelZh: varchar('label_zh', { length: 64 }).notNull(),
    labelEn: varchar('label_en', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('dict_items_dict').on(t.dictId, t.sort), unique('dict_items_value').on(t.dictId, t.value)],
);

/** Announcements of the message center; no site = every organisation. */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    siteId: ref('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 255 }).notNull().default(''),
    publishedAt: atNow('published_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('announcements_site').on(t.siteId, t.publishedAt)],
);
