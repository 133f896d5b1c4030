import { schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { announceAccessChanged } from './access-changed.ts';
import { CATALOGUE_KEY_BY_NAME } from './catalogue.ts';

const { permissions, rolePermissions } = schema;

/**
 * Creates a custom permission key (`custom:<slug>`, so never a procedure path). The super administrator holds
 * every key, so it is granted to role_root at once; other roles get it through `/auth/role-update` (nobody
 * grants what they do not hold).
 */
export async function createCustomPermission(
  ctx: TenantContext,
  input: { key: string; name: string; description: string },
): Promise<{ key: string; name: string; description: string; custom: true }> {
  if (CATALOGUE_KEY_BY_NAME.has(input.key)) throw new AppError('permission_key_taken');
  try {
    await ctx.db.transaction(async (tx) => {
      const [taken] = await tx.select({ key: permissions.key }).from(permissions).where(eq(permissions.key, input.key));
      if (taken) throw new AppError('permission_key_taken');
      await tx.insert(permissions).values({ ...input, custom: true });
      await tx.insert(rolePermissions).values({ roleKey: 'role_root', permissionKey: input.key }).onConflictDoNothing();
      await recordAudit(tx, {
        userId: ctx.session.userId,
        action: 'permission_create',
        targetType: 'permission',
        targetId: input.key,
        details: { before: null, after: { name: input.name, description: input.description, roles: ['role_root'] } },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError('permission_key_taken');
    throw error;
  }
  await announceAccessChanged(ctx);
  return { ...input, custom: true };
}

/** Deletes a custom permission key and takes it from every role; catalogue keys answer `permission_builtin`. */
export async function deleteCustomPermission(ctx: TenantContext, key: string): Promise<{ ok: true; roles: string[] }> {
  const roles = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(permissions).where(eq(permissions.key, key)).for('update');
    if (!row) throw new AppError('not_found');
    if (!row.custom) throw new AppError('permission_builtin');
    const holders = (
      await tx
        .select({ role: rolePermissions.roleKey })
        .from(rolePermissions)
        .where(eq(rolePermissions.permissionKey, key))
        .orderBy(asc(rolePermissions.roleKey))
    ).map((r) => r.role);
    await tx.delete(rolePermissions).where(eq(rolePermissions.permissionKey, key));
    await tx.delete(permissions).where(eq(permissions.key, key));
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'permission_delete',
      targetType: 'permission',
      targetId: key,
      details: { before: { name: row.name, description: row.description, roles: holders }, after: null },
      ip: ctx.ip,
    });
    return holders;
  });
  await announceAccessChanged(ctx);
  return { ok: true, roles };
}
