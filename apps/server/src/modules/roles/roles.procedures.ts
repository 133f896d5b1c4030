import { roleProcedures as p } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { createGroup } from './create-group.service.ts';
import { createRole } from './create-role.service.ts';
import { createCustomPermission, deleteCustomPermission } from './custom-permission.service.ts';
import { deleteGroup } from './delete-group.service.ts';
import { deleteRole } from './delete-role.service.ts';
import { findGroupDetail, listGroups } from './groups.queries.ts';
import { createMenuEntry, deleteMenuEntry, updateMenuEntry } from './menu-entry.service.ts';
import { listPermissionRows, menuCatalogue, roleFormOptions } from './permissions.queries.ts';
import { findRoleDetail, listRoleRows } from './roles.queries.ts';
import { updateGroup } from './update-group.service.ts';
import { updatePermission } from './update-permission.service.ts';
import { updateRole } from './update-role.service.ts';

/** Case-insensitive match of a keyword in any of the texts (an absent keyword matches everything). */
function matches(keyword: string | undefined, ...texts: string[]): boolean {
  if (!keyword) return true;
  const needle = keyword.toLowerCase();
  return texts.some((text) => text.toLowerCase().includes(needle));
}

/** One page of an in-memory list (roles and permission keys are a few hundred at most, and shown translated). */
function pageOf<T>(items: T[], input: { page: number; pageSize: number }) {
  const start = (input.page - 1) * input.pageSize;
  return {
    list: items.slice(start, start + input.pageSize),
    total: items.length,
    page: input.page,
    pageSize: input.pageSize,
  };
}

export const roleImplementations = [
  implement(p.roles, async (input, ctx) => {
    const rows = await listRoleRows(ctx.db, ctx.lang);
    const filtered = rows.filter(
      (row) =>
        (input.group_id === undefined || row.group?.id === input.group_id) &&
        matches(input.keyword, row.key, row.name, row.description),
    );
    return pageOf(filtered, input);
  }),
  implement(p.roleDetail, async (input, ctx) => {
    const detail = await findRoleDetail(ctx.db, input.key, ctx.lang);
    if (!detail) throw new AppError('not_found');
    return detail;
  }),
  implement(p.roleForm, async (_input, ctx) =>
    roleFormOptions(ctx.db, ctx.lang, {
      permissions: ctx.session.permissions,
      menus: await ctx.deps.access.menusOf(ctx.session.role),
    }),
  ),
  implement(p.roleCreate, async (input, ctx) => createRole(ctx, input)),
  implement(p.roleUpdate, async (input, ctx) => updateRole(ctx, input)),
  implement(p.roleDelete, async (input, ctx) => deleteRole(ctx, input.key)),
  implement(p.groups, async (input, ctx) => ({
    ...(await listGroups(ctx.db, input)),
    page: input.page,
    pageSize: input.pageSize,
  })),
  implement(p.groupDetail, async (input, ctx) => {
    const group = await findGroupDetail(ctx.db, input.id, ctx.lang);
    if (!group) throw new AppError('not_found');
    return group;
  }),
  implement(p.groupCreate, async (input, ctx) => createGroup(ctx, input)),
  implement(p.groupUpdate, async (input, ctx) => updateGroup(ctx, input)),
  implement(p.groupDelete, async (input, ctx) => deleteGroup(ctx, input.id)),
  implement(p.permissions, async (input, ctx) => {
    const rows = await listPermissionRows(ctx.db, ctx.lang);
    const filtered = rows.filter(
      (row) =>
        (input.role === undefined || row.roles.some((role) => role.key === input.role)) &&
        matches(input.keyword, row.key, row.name, row.description, row.summary),
    );
    return pageOf(filtered, input);
  }),
  implement(p.permissionUpdate, async (input, ctx) => updatePermission(ctx, input)),
  implement(p.menus, async (_input, ctx) => ({ modules: await menuCatalogue(ctx.db, ctx.lang) })),
  implement(p.permissionCreate, async (input, ctx) => createCustomPermission(ctx, input)),
  implement(p.permissionDelete, async (input, ctx) => deleteCustomPermission(ctx, input.key)),
  implement(p.menuCreate, async (input, ctx) => createMenuEntry(ctx, input)),
  implement(p.menuUpdate, async (input, ctx) => updateMenuEntry(ctx, input)),
  implement(p.menuDelete, async (input, ctx) => deleteMenuEntry(ctx, input.name)),
];
