import { boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { sites, users } from './iam.ts';

/**
 * Production dictionaries (`/production/dict`): an organisation's named label lists (e.g. vehicle types) that
 * templates' tag groups take their labels from and the annotation tool fetches (`/task/fetch-dict`).
 */
export const labelDicts = pgTable(
  'label_dicts',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('label_dicts_site_name').on(t.siteId, t.name)],
);

export const labelDictItems = pgTable(
  'label_dict_items',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    dictId: ref('dict_id')
      .notNull()
      .references(() => labelDicts.id, { onDelete: 'cascade' }),
    value: varchar('value', { length: 64 }).notNull(),
    label: varchar('label', { length: 64 }).notNull(),
    color: varchar('color', { length: 7 }).notNull().default('#1677ff'),
    shortcut: varchar('shortcut', { length: 32 }),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('label_dict_items_value').on(t.dictId, t.value),
    index('label_dict_items_dict').on(t.dictId, t.sort),
  ],
);
