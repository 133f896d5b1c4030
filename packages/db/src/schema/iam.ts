import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref, updatedAt } from './columns.ts';

export const sites = pgTable('sites', {
  id: id(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  nameEn: varchar('name_en', { length: 64 }),
  logo: text('logo'),
  iconLogo: text('icon_logo'),
  serviceType: integer('service_type').notNull().default(0),
  status: varchar('status', { length: 16 }).notNull().default('open').$type<'open' | 'closed'>(),
  domain: varchar('domain', { length: 255 }),
  address: varchar('address', { length: 255 }),
  /** Code of the Chinese provincial division (packages/contracts/src/places.ts), e.g. '110000'. */
  province: varchar('province', { length: 6 }),
  remarks: varchar('remarks', { length: 255 }),
  startAt: at('start_at'),
  endAt: at('end_at'),
  createdBy: ref('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable('users', {
  id: id(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  nickname: varchar('nickname', { length: 20 }).notNull(),
  realName: varchar('real_name', { length: 16 }),
  email: varchar('email', { length: 32 }).unique(),
  mobile: varchar('mobile', { length: 11 }),
  avatar: text('avatar'),
  passwordHash: text('password_hash').notNull(),
  status: varchar('status', { length: 16 }).notNull().default('active').$type<'active' | 'disabled'>(),
  currentSiteId: ref('current_site_id').references(() => sites.id),
  lastLoginAt: at('last_login_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roleGroups = pgTable('role_groups', {
  id: id(),
  name: varchar('name', { length: 64 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  createdAt: createdAt(),
});

/** Roles are platform-wide; built-in roles carry an i18n title, custom ones their name. */
export const roles = pgTable('roles', {
  key: varchar('key', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  groupId: ref('group_id').references(() => roleGroups.id),
  builtin: boolean('builtin').notNull().default(false),
  platform: boolean('platform').notNull().default(false),
  createdAt: createdAt(),
});

/** Permission keys: procedure paths, synced from the contract catalogue at start. */
export const permissions = pgTable('permissions', {
  key: varchar('key', { length: 128 }).primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  /** Created by an administrator (`/auth/permission-create`), not a procedure of the catalogue. */
  custom: boolean('custom').notNull().default(false),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleKey: varchar('role_key', { length: 64 })
      .notNull()
      .references(() => roles.key, { onDelete: 'cascade' }),
    permissionKey: varchar('permission_key', { length: 128 })
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleKey, t.permissionKey] })],
);

/** Menu grants: route names of the navigation catalogue. */
export const roleMenus = pgTable(
  'role_menus',
  {
    roleKey: varchar('role_key', { length: 64 })
      .notNull()
      .references(() => roles.key, { onDelete: 'cascade' }),
    routeName: varchar('route_name', { length: 128 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleKey, t.routeName] })],
);

/**
 * Menu entries stored by administrators: a row for a catalogue route overrides its parent, sort and titles;
 * a custom row (`custom`) adds an entry of its own, e.g. a link to an outside page.
 */
export const menuEntries = pgTable('menu_entries', {
  routeName: varchar('route_name', { length: 128 }).primaryKey(),
  custom: boolean('custom').notNull().default(false),
  parent: varchar('parent', { length: 64 }).notNull(),
  sort: integer('sort').notNull().default(0),
  titleZh: varchar('title_zh', { length: 64 }),
  titleEn: varchar('title_en', { length: 64 }),
  /** Custom entries: the address the entry opens. */
  url: varchar('url', { length: 255 }),
  inMenu: boolean('in_menu').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Membership of a user in a site, with the current role there. */
export const siteUsers = pgTable(
  'site_users',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentRole: varchar('current_role', { length: 64 }).notNull().default('role_student'),
    status: varchar('status', { length: 16 }).notNull().default('active').$type<'active' | 'pending'>(),
    joinedAt: atNow('joined_at'),
  },
  (t) => [uniqueIndex('site_users_site_user').on(t.siteId, t.userId), index('site_users_user').on(t.userId)],
);

export const siteUserRoles = pgTable(
  'site_user_roles',
  {
    siteUserId: ref('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    roleKey: varchar('role_key', { length: 64 })
      .notNull()
      .references(() => roles.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.siteUserId, t.roleKey] }), index('site_user_roles_site').on(t.siteId)],
);
