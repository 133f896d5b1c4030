import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { roleEntryProcedures } from './roles-entries.ts';

export * from './roles-entries.ts';

/**
 * Roles and permissions administration: roles with their
 * permission keys and menu entries, role groups, the permission list and the menu catalogue. Every procedure
 * here is a platform procedure: roles are platform-wide.
 */
export const ROLE_LIMITS = {
  key: 64,
  name: 64,
  description: 255,
  groupName: 64,
  groupDescription: 255,
  permissionName: 128,
  permissionDescription: 255,
} as const;

/** A new role's key: `role_` then lower-case letters, digits or underscores. */
export const ZRoleKey = z
  .string()
  .max(ROLE_LIMITS.key)
  .regex(/^role_[a-z0-9_]+$/);
/** Names an existing role. */
const ZRoleRefKey = z.string().min(1).max(ROLE_LIMITS.key);
/** Role and group names and descriptions: required, trimmed. */
export const ZRoleName = z.string().trim().min(1).max(ROLE_LIMITS.name);
export const ZRoleDescription = z.string().trim().min(1).max(ROLE_LIMITS.description);
export const ZGroupName = z.string().trim().min(1).max(ROLE_LIMITS.groupName);
export const ZGroupDescription = z.string().trim().max(ROLE_LIMITS.groupDescription);
export const ZPermissionName = z.string().trim().min(1).max(ROLE_LIMITS.permissionName);
export const ZPermissionDescription = z.string().trim().min(1).max(ROLE_LIMITS.permissionDescription);

const ZGroupId = z.number().int().positive();
const ZKeyList = z.array(z.string().max(128)).max(2000);

/** A role as other lists name it: key and the name shown (the translated title for built-in roles). */
export const ZRoleRef = z.object({ key: z.string(), name: z.string() });

export const ZRoleRow = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  platform: z.boolean(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  member_count: z.number().int(),
  permission_count: z.number().int(),
  menu_count: z.number().int(),
});
export type TRoleRow = z.infer<typeof ZRoleRow>;

export const ZRoleDetail = ZRoleRow.extend({
  /** Permission keys the role holds. */
  permissions: z.array(z.string()),
  /** Route names of the menu entries the role holds (the keys of `auth_menus`). */
  menus: z.array(z.string()),
});
export type TRoleDetail = z.infer<typeof ZRoleDetail>;

export const ZGroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  role_count: z.number().int(),
  created_at: z.string(),
});
export type TGroupRow = z.infer<typeof ZGroupRow>;

export const ZGroupDetail = ZGroupRow.extend({ roles: z.array(ZRoleRef) });
export type TGroupDetail = z.infer<typeof ZGroupDetail>;

export const ZPermissionRow = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** The procedure's summary in the contract. */
  summary: z.string(),
  /** A platform procedure's key: only platform roles may hold it. */
  platform: z.boolean(),
  /** Created by an administrator (`/auth/permission-create`), not a procedure's key. */
  custom: z.boolean(),
  roles: z.array(ZRoleRef),
});
export type TPermissionRow = z.infer<typeof ZPermissionRow>;

/** The menu catalogue: modules (parents) with their routes in catalogue order (`sort`). */
export const ZMenuModule = z.object({
  key: z.string(),
  title: z.string(),
  sort: z.number().int(),
  routes: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      title: z.string(),
      parent: z.string(),
      sort: z.number().int(),
      /** Shown in the left menu (false for pages reached from another page). */
      in_menu: z.boolean(),
      /** The web client has a page for this route (custom entries: false, they open their url). */
      in_client: z.boolean(),
      roles: z.array(ZRoleRef),
      title_zh: z.string(),
      title_en: z.string(),
      url: z.string().nullable(),
      custom: z.boolean(),
      overridden: z.boolean(),
    }),
  ),
});
export type TMenuModule = z.infer<typeof ZMenuModule>;

export const ZRoleForm = z.object({
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Every permission key of the catalogue; `grantable` when the caller's current role holds it. */
  permissions: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      summary: z.string(),
      platform: z.boolean(),
      custom: z.boolean(),
      grantable: z.boolean(),
    }),
  ),
  /** The menu tree: modules with their routes; `grantable` when the caller's current role holds the entry. */
  modules: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      routes: z.array(
        z.object({
          name: z.string(),
          path: z.string(),
          title: z.string(),
          in_menu: z.boolean(),
          custom: z.boolean(),
          grantable: z.boolean(),
        }),
      ),
    }),
  ),
});
export type TRoleForm = z.infer<typeof ZRoleForm>;

const ZOk = z.object({ ok: z.literal(true) });

export const roleProcedures = {
  roles: procedure({
    path: '/auth/roles',
    platform: true,
    summary: 'Roles with their group and the counts of members, permission keys and menu entries.',
    input: ZListInput.extend({ group_id: ZGroupId.optional() }),
    output: listOutput(ZRoleRow),
  }),
  roleDetail: procedure({
    path: '/auth/role-detail',
    platform: true,
    summary: 'One role with the permission keys and menu entries it holds.',
    input: z.object({ key: ZRoleRefKey }),
    output: ZRoleDetail,
  }),
  roleForm: procedure({
    path: '/auth/role-form',
    platform: true,
    summary:
      'Options of the role form: groups, every permission key and the menu tree, marked grantable by the caller.',
    input: z.object({}),
    output: ZRoleForm,
  }),
  roleCreate: procedure({
    path: '/auth/role-create',
    platform: true,
    summary: 'Creates a role with its permission keys and menu entries; nobody grants what their role does not hold.',
    input: z.object({
      key: ZRoleKey,
      name: ZRoleName,
      description: ZRoleDescription,
      group_id: ZGroupId.nullable().optional(),
      /** A platform role may hold platform keys; fixed at creation. */
      platform: z.boolean().default(false),
      permissions: ZKeyList,
      menus: ZKeyList,
    }),
    output: ZRoleDetail,
  }),
  roleUpdate: procedure({
    path: '/auth/role-update',
    platform: true,
    summary: "Changes a role's name, description and group and replaces its permission keys and menu entries.",
    input: z.object({
      key: ZRoleRefKey,
      name: ZRoleName,
      description: ZRoleDescription,
      group_id: ZGroupId.nullable().optional(),
      permissions: ZKeyList,
      menus: ZKeyList,
    }),
    output: ZRoleDetail,
  }),
  roleDelete: procedure({
    path: '/auth/role-delete',
    platform: true,
    summary: 'Deletes a custom role that no member holds.',
    input: z.object({ key: ZRoleRefKey }),
    output: ZOk,
  }),
  groups: procedure({
    path: '/auth/groups',
    platform: true,
    summary: 'Role groups with the count of their roles.',
    input: ZListInput,
    output: listOutput(ZGroupRow),
  }),
  groupDetail: procedure({
    path: '/auth/group-detail',
    platform: true,
    summary: 'One role group with its roles.',
    input: z.object({ id: ZGroupId }),
    output: ZGroupDetail,
  }),
  groupCreate: procedure({
    path: '/auth/group-create',
    platform: true,
    summary: 'Creates a role group.',
    input: z.object({ name: ZGroupName, description: ZGroupDescription.default('') }),
    output: ZGroupRow,
  }),
  groupUpdate: procedure({
    path: '/auth/group-update',
    platform: true,
    summary: "Changes a role group's name and description.",
    input: z.object({ id: ZGroupId, name: ZGroupName, description: ZGroupDescription.default('') }),
    output: ZGroupRow,
  }),
  groupDelete: procedure({
    path: '/auth/group-delete',
    platform: true,
    summary: 'Deletes a role group; its roles are left without a group.',
    input: z.object({ id: ZGroupId }),
    output: ZOk,
  }),
  permissions: procedure({
    path: '/auth/permissions',
    platform: true,
    summary:
      'The permission keys of the procedure catalogue and the custom ones, with their names and the roles holding each.',
    input: ZListInput.extend({ role: ZRoleRefKey.optional() }),
    output: listOutput(ZPermissionRow),
  }),
  permissionUpdate: procedure({
    path: '/auth/permission-update',
    platform: true,
    summary: "Changes a permission key's display name and description (catalogue and custom keys).",
    input: z.object({
      key: z.string().min(1).max(128),
      name: ZPermissionName,
      description: ZPermissionDescription,
    }),
    output: ZPermissionRow,
  }),
  menus: procedure({
    path: '/auth/menus',
    platform: true,
    summary:
      'The menu (modules and their routes, with overrides and custom entries) with the roles holding each entry.',
    input: z.object({}),
    output: z.object({ modules: z.array(ZMenuModule) }),
  }),
  ...roleEntryProcedures,
} as const;
