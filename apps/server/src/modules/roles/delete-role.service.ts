import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { announceAccessChanged } from './access-changed.ts';
import { lockRole, roleGrants } from './roles.queries.ts';

/**
 * Deletes a custom role with its grants. Built-in roles stay (`role_builtin`); a role some member still holds
 * stays (`role_in_use`), so nobody is left without a role. The role row is locked first: a concurrent
 * assignment of the role waits for it and then fails, rather than being deleted with it.
 */
export async function deleteRole(ctx: TenantContext, roleKey: string): Promise<{ ok: true }> {
  const { roles, siteUserRoles } = schema;
  await ctx.db.transaction(async (tx) => {
    const role = await lockRole(tx, roleKey);
    if (!role) throw new AppError('not_found');
    if (role.builtin) throw new AppError('role_builtin');
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(siteUserRoles)
      .where(eq(siteUserRoles.roleKey, role.key));
    if (held && held.count > 0) throw new AppError('role_in_use', {}, { member_count: held.count });
    const before = {
      name: role.name,
      description: role.description,
      group_id: role.groupId,
      ...(await roleGrants(tx, role.key)),
    };
    await tx.delete(roles).where(eq(roles.key, role.key));
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'role_delete',
      targetType: 'role',
      targetId: role.key,
      details: { before, after: null },
      ip: ctx.ip,
    });
  });
  await announceAccessChanged(ctx);
  return { ok: true };
}
