import { type Executor, schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadEditableMap } from './knowledge-map-policy.ts';
import { loadNode } from './knowledge-nodes.queries.ts';

/** Questions of the organisation among the ids (all must be), else not_found. */
async function assertQuestions(db: Executor, siteId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: schema.questions.id })
    .from(schema.questions)
    .where(and(eq(schema.questions.siteId, siteId), inArray(schema.questions.id, unique)));
  if (rows.length !== unique.length) throw new AppError('not_found');
  return unique;
}

/** `/dataset-node/link-questions`: a disabled map's node answers knowledge_map_disabled. */
export async function linkNodeQuestions(ctx: TenantContext, input: { node_id: number; question_ids: number[] }) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const node = await loadNode(tx, siteId, input.node_id);
    const map = await loadEditableMap(tx, siteId, ctx.session, node.mapId);
    const ids = await assertQuestions(tx, siteId, input.question_ids);
    if (!map.enabled) throw new AppError('knowledge_map_disabled', { name: map.name }, { map_id: map.id });
    const linked = await tx
      .insert(schema.questionNodes)
      .values(ids.map((questionId) => ({ questionId, nodeId: node.id })))
      .onConflictDoNothing()
      .returning({ questionId: schema.questionNodes.questionId });
    if (linked.length > 0)
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'knowledge_node_link_questions',
        targetType: 'knowledge_node',
        targetId: node.id,
        details: { question_ids: linked.map((r) => r.questionId) },
        ip: ctx.ip,
      });
    return { linked: linked.length };
  });
}

/** `/dataset-node/unlink-questions`: allowed on disabled maps too. */
export async function unlinkNodeQuestions(ctx: TenantContext, input: { node_id: number; question_ids: number[] }) {
  const { siteId, userId } = ctx.session;
  return ctx.db.transaction(async (tx) => {
    const node = await loadNode(tx, siteId, input.node_id);
    await loadEditableMap(tx, siteId, ctx.session, node.mapId);
    const ids = await assertQuestions(tx, siteId, input.question_ids);
    const removed = await tx
      .delete(schema.questionNodes)
      .where(and(eq(schema.questionNodes.nodeId, node.id), inArray(schema.questionNodes.questionId, ids)))
      .returning({ questionId: schema.questionNodes.questionId });
    if (removed.length > 0)
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'knowledge_node_unlink_questions',
        targetType: 'knowledge_node',
        targetId: node.id,
        details: { question_ids: removed.map((r) => r.questionId) },
        ip: ctx.ip,
      });
    return { unlinked: removed.length };
  });
}
