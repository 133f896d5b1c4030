import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { groupAuditState, loadGroup } from './groups.queries.ts';

/**
 * `/group/delete`: a class that still has students cannot be deleted, only closed (`class_not_empty`);
 * a team group is deleted with its member list (the people stay members of the organisation).
 */
export async function deleteGroup(ctx: TenantContext, input: { id: number }) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadGroup(tx, ctx, input.id, true);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.groupMembers)
      .where(eq(schema.groupMembers.groupId, before.id));
    const members = counted?.count ?? 0;
    if (before.kind === 'class' && members > 0) throw new AppError('class_not_empty');
    await tx.delete(schema.groups).where(eq(schema.groups.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'group_delete',
      targetType: 'group',
      targetId: before.id,
      details: { before: { ...groupAuditState(before), member_count: members }, after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
