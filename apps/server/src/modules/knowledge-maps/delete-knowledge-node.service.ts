import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { loadEditableMap } from './knowledge-map-policy.ts';
import { descendantCount, loadNode, nodeAuditState } from './knowledge-nodes.queries.ts';

/**
 * `/dataset-node/delete`: the node and (through the parent foreign key) its descendants, with their label
 * assignments and question links. Answers how many nodes went.
 */
export async function deleteKnowledgeNode(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  const deleted = await ctx.db.transaction(async (tx) => {
    const before = await loadNode(tx, siteId, id, true);
    await loadEditableMap(tx, siteId, ctx.session, before.mapId);
    const count = await descendantCount(tx, before.id);
    await tx.delete(schema.knowledgeNodes).where(eq(schema.knowledgeNodes.id, before.id));
    await tx
      .update(schema.knowledgeMaps)
      .set({ updatedAt: new Date() })
      .where(eq(schema.knowledgeMaps.id, before.mapId));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'knowledge_node_delete',
      targetType: 'knowledge_node',
      targetId: before.id,
      details: { before: { ...nodeAuditState(before), deleted: count + 1 }, after: null },
      ip: ctx.ip,
    });
    return count + 1;
  });
  return { ok: true as const, deleted };
}
