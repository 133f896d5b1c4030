import type { TGroupRow } from '@app/contracts';
import { schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { findGroup } from './groups.queries.ts';

const { roleGroups } = schema;

interface GroupInput {
  name: string;
  description: string;
}

/** Creates a role group (groups only sort roles; they grant nothing). */
export async function createGroup(ctx: TenantContext, input: GroupInput): Promise<TGroupRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roleGroups)
      .values({ name: input.name, description: input.description })
      .returning({ id: roleGroups.id });
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'role_group_create',
      targetType: 'role_group',
      targetId: row!.id,
      details: { before: null, after: input },
      ip: ctx.ip,
    });
    return (await findGroup(tx, row!.id))!;
  });
}
