import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { loadEditableMap } from './knowledge-map-policy.ts';
import { mapAuditState } from './knowledge-maps.queries.ts';

/**
 * `/dataset-map/delete`: the map, and through the foreign keys its nodes, their labels' assignments and their
 * links to questions. Questions and labels stay. The audit line keeps how many nodes went.
 */
export async function deleteKnowledgeMap(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadEditableMap(tx, siteId, ctx.session, id, true);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.knowledgeNodes)
      .where(eq(schema.knowledgeNodes.mapId, before.id));
    await tx.delete(schema.knowledgeMaps).where(eq(schema.knowledgeMaps.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'knowledge_map_delete',
      targetType: 'knowledge_map',
      targetId: before.id,
      details: { before: { ...mapAuditState(before), node_count: counted?.count ?? 0 }, after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
