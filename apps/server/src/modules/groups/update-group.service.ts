import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { groupAuditState, groupRow, loadGroup } from './groups.queries.ts';

type Change = { name: string } | { status: 'open' | 'closed' };

/** `/group/update`, `/group/open`, `/group/close`: renames a group or opens / closes it (conflict when it already is). */
export async function updateGroup(ctx: TenantContext, id: number, change: Change) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadGroup(tx, ctx, id, true);
    if ('status' in change && before.status === change.status) throw new AppError('conflict');
    const [after] = await tx.update(schema.groups).set(change).where(eq(schema.groups.id, before.id)).returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'status' in change ? (change.status === 'open' ? 'group_open' : 'group_close') : 'group_update',
      targetType: 'group',
      targetId: before.id,
      details: { before: groupAuditState(before), after: groupAuditState(after!) },
      ip: ctx.ip,
    });
  });
  return groupRow(ctx.db, siteId, id);
}
