import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { dictAuditState, itemsAuditState, loadDict, loadDictItems } from './production-dicts.queries.ts';

/**
 * `/production-dict/delete`: the dictionary and its items (templates keep their own copy of labels, so nothing
 * refers to a dictionary yet). The audit line keeps the items.
 */
export async function deleteLabelDict(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadDict(tx, siteId, id, true);
    const items = await loadDictItems(tx, before.id);
    await tx.delete(schema.labelDicts).where(eq(schema.labelDicts.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'label_dict_delete',
      targetType: 'label_dict',
      targetId: before.id,
      details: { before: { ...dictAuditState(before), items: itemsAuditState(items) }, after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
