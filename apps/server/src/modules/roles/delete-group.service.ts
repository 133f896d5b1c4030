import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

const { roleGroups, roles } = schema;

/** Deletes a role group; its roles stay, without a group. */
export async function deleteGroup(ctx: TenantContext, id: number): Promise<{ ok: true }> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(roleGroups).where(eq(roleGroups.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const released = await tx
      .update(roles)
      .set({ groupId: null })
      .where(eq(roles.groupId, id))
      .returning({ key: roles.key });
    await tx.delete(roleGroups).where(eq(roleGroups.id, id));
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'role_group_delete',
      targetType: 'role_group',
      targetId: id,
      details: {
        before: { name: before.name, description: before.description, roles: released.map((r) => r.key) },
        after: null,
      },
      ip: ctx.ip,
    });
  });
  return { ok: true };
}
