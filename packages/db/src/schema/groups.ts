import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { atNow, createdAt, id, ref } from './columns.ts';
import { sites, siteUsers, users } from './iam.ts';

/** Classes (learning, managed by teachers) and team groups (annotation, managed by team administrators). */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull().$type<'class' | 'team'>(),
    name: varchar('name', { length: 25 }).notNull(),
    /** Classes only: the 6-character code students join with. */
    joinCode: varchar('join_code', { length: 6 }).unique(),
    status: varchar('status', { length: 16 }).notNull().default('open').$type<'open' | 'closed'>(),
    /** The teacher of a class (whoever created it). */
    ownerId: ref('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('groups_site').on(t.siteId, t.kind)],
);

/**
 * Members of a group. `kind` repeats the group's kind so that the database itself keeps a membership in at
 * most one class (partial unique index); it never changes, since a group's kind never does.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: ref('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    siteUserId: ref('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull().$type<'class' | 'team'>(),
    joinedAt: atNow('joined_at'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.siteUserId] }),
    uniqueIndex('group_members_one_class').on(t.siteUserId).where(sql`${t.kind} = 'class'`),
    index('group_members_site_user').on(t.siteUserId),
  ],
);

/** Tags an organisation puts on its members (annotation: user tags). */
export const userTags = pgTable(
  'user_tags',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_tags_site_name').on(t.siteId, t.name)],
);

export const siteUserTags = pgTable(
  'site_user_tags',
  {
    siteUserId: ref('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    tagId: ref('tag_id')
      .notNull()
      .references(() => userTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.siteUserId, t.tagId] }), index('site_user_tags_tag').on(t.tagId)],
);
