import type { TRoleDetail } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { announceAccessChanged } from './access-changed.ts';
import { checkGrants, customAccess, type Grants, heldAccess, normaliseGrants, sameGrants } from './grant-rules.ts';
import { findRoleDetail, groupExists, lockRole, roleGrants } from './roles.queries.ts';

export interface UpdateRoleInput extends Grants {
  key: string;
  name: string;
  description: string;
  /** Absent: the group stays; null: no group. */
  group_id?: number | null;
}

/**
 * Changes a role (built-in ones too) and replaces its permission keys and menu entries. The super
 * administrator's grants are fixed (every key and entry). Signed-in holders of the role see the change on
 * their next call, on every instance.
 */
export async function updateRole(ctx: TenantContext, input: UpdateRoleInput): Promise<TRoleDetail> {
  const { roles, rolePermissions, roleMenus } = schema;
  const wanted = normaliseGrants(input);
  const held = await heldAccess(ctx);
  const detail = await ctx.db.transaction(async (tx) => {
    const role = await lockRole(tx, input.key);
    if (!role) throw new AppError('not_found');
    if (input.group_id != null && !(await groupExists(tx, input.group_id))) throw new AppError('not_found');
    const before = await roleGrants(tx, role.key);
    if (role.key === 'role_root' && !sameGrants(wanted, before)) throw new AppError('role_root_fixed');
    checkGrants(ctx, held, role, wanted, before, await customAccess(tx));
    const groupId = input.group_id === undefined ? role.groupId : input.group_id;
    await tx
      .update(roles)
      .set({ name: input.name, description: input.description, groupId })
      .where(eq(roles.key, role.key));
    const removed = {
      permissions: before.permissions.filter((k) => !wanted.permissions.includes(k)),
      menus: before.menus.filter((m) => !wanted.menus.includes(m)),
    };
    const added = {
      permissions: wanted.permissions.filter((k) => !before.permissions.includes(k)),
      menus: wanted.menus.filter((m) => !before.menus.includes(m)),
    };
    if (removed.permissions.length) {
      await tx
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleKey, role.key), inArray(rolePermissions.permissionKey, removed.permissions)));
    }
    if (removed.menus.length) {
      await tx
        .delete(roleMenus)
        .where(and(eq(roleMenus.roleKey, role.key), inArray(roleMenus.routeName, removed.menus)));
    }
    if (added.permissions.length) {
      await tx
        .insert(rolePermissions)
        .values(added.permissions.map((permissionKey) => ({ roleKey: role.key, permissionKey })));
    }
    if (added.menus.length) {
      await tx.insert(roleMenus).values(added.menus.map((routeName) => ({ roleKey: role.key, routeName })));
    }
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'role_update',
      targetType: 'role',
      targetId: role.key,
      details: {
        before: { name: role.name, description: role.description, group_id: role.groupId, ...before },
        after: { name: input.name, description: input.description, group_id: groupId, ...wanted },
      },
      ip: ctx.ip,
    });
    return (await findRoleDetail(tx, role.key, ctx.lang))!;
  });
  await announceAccessChanged(ctx);
  return detail;
}
