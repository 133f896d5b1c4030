import type { TRoleDetail } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { announceAccessChanged } from './access-changed.ts';
import { checkGrants, customAccess, type Grants, heldAccess, normaliseGrants } from './grant-rules.ts';
import { findRoleDetail, groupExists } from './roles.queries.ts';

export interface CreateRoleInput extends Grants {
  key: string;
  name: string;
  description: string;
  group_id?: number | null;
  platform: boolean;
}

/** Creates a custom role with its grants (rules in grant-rules.ts); the key must be new. */
export async function createRole(ctx: TenantContext, input: CreateRoleInput): Promise<TRoleDetail> {
  const { roles, rolePermissions, roleMenus } = schema;
  const grants = normaliseGrants(input);
  const held = await heldAccess(ctx);
  try {
    const detail = await ctx.db.transaction(async (tx) => {
      const [taken] = await tx.select({ key: roles.key }).from(roles).where(eq(roles.key, input.key));
      if (taken) throw new AppError('role_key_taken');
      if (input.group_id != null && !(await groupExists(tx, input.group_id))) throw new AppError('not_found');
      const custom = await customAccess(tx);
      checkGrants(ctx, held, { platform: input.platform }, grants, { permissions: [], menus: [] }, custom);
      await tx.insert(roles).values({
        key: input.key,
        name: input.name,
        description: input.description,
        groupId: input.group_id ?? null,
        platform: input.platform,
      });
      if (grants.permissions.length) {
        await tx
          .insert(rolePermissions)
          .values(grants.permissions.map((permissionKey) => ({ roleKey: input.key, permissionKey })));
      }
      if (grants.menus.length) {
        await tx.insert(roleMenus).values(grants.menus.map((routeName) => ({ roleKey: input.key, routeName })));
      }
      const after = {
        name: input.name,
        description: input.description,
        group_id: input.group_id ?? null,
        platform: input.platform,
        ...grants,
      };
      await recordAudit(tx, {
        userId: ctx.session.userId,
        action: 'role_create',
        targetType: 'role',
        targetId: input.key,
        details: { before: null, after },
        ip: ctx.ip,
      });
      return (await findRoleDetail(tx, input.key, ctx.lang))!;
    });
    await announceAccessChanged(ctx);
    return detail;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError('role_key_taken');
    throw error;
  }
}
