import { boolean, index, jsonb, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.ts';
import { sites } from './iam.ts';

/** Settings: rows with no site are the platform defaults; a site's row overrides its default. */
export const settings = pgTable(
  'settings',
  {
    id: id(),
    siteId: ref('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** A readable name of the entry for the settings page. */
    name: varchar('name', { length: 64 }).notNull().default(''),
    key: varchar('key', { length: 64 }).notNull(),
    value: text('value').notNull(),
    valueType: varchar('value_type', { length: 16 }).notNull().default('string'),
    deletable: boolean('deletable').notNull().default(true),
    description: varchar('description', { length: 255 }).notNull().default(''),
  },
  (t) => [unique('settings_site_key').on(t.siteId, t.key).nullsNotDistinct()],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    siteId: ref('site_id'),
    userId: ref('user_id'),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 32 }),
    targetId: varchar('target_id', { length: 64 }),
    details: jsonb('details'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_site').on(t.siteId, t.createdAt),
    index('audit_logs_target').on(t.targetType, t.targetId, t.createdAt),
  ],
);
