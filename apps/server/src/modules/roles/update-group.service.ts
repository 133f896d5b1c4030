import type { TGroupRow } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findGroup } from './groups.queries.ts';

const { roleGroups } = schema;

interface GroupInput {
  name: string;
  description: string;
}

/** Changes a role group's name and description. */
export async function updateGroup(ctx: TenantContext, input: GroupInput & { id: number }): Promise<TGroupRow> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(roleGroups).where(eq(roleGroups.id, input.id)).for('update');
    if (!before) throw new AppError('not_found');
    await tx
      .update(roleGroups)
      .set({ name: input.name, description: input.description })
      .where(eq(roleGroups.id, input.id));
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'role_group_update',
      targetType: 'role_group',
      targetId: input.id,
      details: {
        before: { name: before.name, description: before.description },
        after: { name: input.name, description: input.description },
      },
      ip: ctx.ip,
    });
    return (await findGroup(tx, input.id))!;
  });
}
