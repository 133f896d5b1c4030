import type { TAuditAction } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { loadEditableMap } from './knowledge-map-policy.ts';
import {
  ancestorIds,
  assertLabels,
  type KnowledgeNodeRecord,
  loadNode,
  nodeAuditState,
  nodeDetail,
  setNodeLabels,
} from './knowledge-nodes.queries.ts';

interface NodeFields {
  code: string;
  name: string;
  skill: string;
  content: string;
  knowledge_points: string[];
  importance: number;
  sort: number;
}

type CreateNodeInput = NodeFields & { map_id: number; parent_id: number | null; label_ids: number[] };
type UpdateNodeInput = Partial<NodeFields> & { id: number; parent_id?: number | null; label_ids?: number[] };

const codeTaken = (error: unknown, code: string | undefined) => {
  if (uniqueViolation(error) === 'knowledge_nodes_map_code')
    return new AppError('knowledge_node_code_taken', {}, { code });
  return error;
};

/**
 * A parent for a node of `mapId`: a node of the organisation (not_found) in the same map, and, when the node
 * exists already, neither the node itself nor one of its descendants (knowledge_node_parent_wrong).
 */
async function checkParent(db: Executor, siteId: number, mapId: number, parentId: number | null, nodeId?: number) {
  if (parentId === null) return;
  const parent = await loadNode(db, siteId, parentId);
  if (parent.mapId !== mapId) throw new AppError('knowledge_node_parent_wrong');
  if (nodeId !== undefined && (await ancestorIds(db, parent.id)).includes(nodeId))
    throw new AppError('knowledge_node_parent_wrong');
}

/** `/dataset-node/create`. */
export async function createKnowledgeNode(ctx: TenantContext, input: CreateNodeInput) {
  const { siteId, userId } = ctx.session;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const map = await loadEditableMap(tx, siteId, ctx.session, input.map_id, true);
      await checkParent(tx, siteId, map.id, input.parent_id);
      const labelIds = await assertLabels(tx, siteId, input.label_ids);
      const [node] = await tx
        .insert(schema.knowledgeNodes)
        .values({
          siteId,
          mapId: map.id,
          parentId: input.parent_id,
          code: input.code,
          name: input.name,
          skill: input.skill,
          content: input.content,
          knowledgePoints: input.knowledge_points,
          importance: input.importance,
          sort: input.sort,
        })
        .returning();
      await setNodeLabels(tx, node!.id, labelIds);
      await tx.update(schema.knowledgeMaps).set({ updatedAt: new Date() }).where(eq(schema.knowledgeMaps.id, map.id));
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'knowledge_node_create',
        targetType: 'knowledge_node',
        targetId: node!.id,
        details: { before: null, after: { ...nodeAuditState(node!), label_ids: labelIds } },
        ip: ctx.ip,
      });
      return node!.id;
    });
    return nodeDetail(ctx.db, siteId, id);
  } catch (error) {
    throw codeTaken(error, input.code);
  }
}

/** `/dataset-node/update` and `/dataset-node/move`: absent fields stay; label_ids replaces the labels. */
export async function updateKnowledgeNode(
  ctx: TenantContext,
  input: UpdateNodeInput,
  action: TAuditAction = 'knowledge_node_update',
) {
  const { siteId, userId } = ctx.session;
  try {
    await ctx.db.transaction(async (tx) => {
      const before: KnowledgeNodeRecord = await loadNode(tx, siteId, input.id, true);
      // Lock the map: two concurrent moves in one map cannot build a loop between them.
      await loadEditableMap(tx, siteId, ctx.session, before.mapId, true);
      if (input.parent_id !== undefined) await checkParent(tx, siteId, before.mapId, input.parent_id, before.id);
      const labelIds = input.label_ids === undefined ? undefined : await assertLabels(tx, siteId, input.label_ids);
      const [after] = await tx
        .update(schema.knowledgeNodes)
        .set({
          ...(input.parent_id === undefined ? {} : { parentId: input.parent_id }),
          ...(input.code === undefined ? {} : { code: input.code }),
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.skill === undefined ? {} : { skill: input.skill }),
          ...(input.content === undefined ? {} : { content: input.content }),
          ...(input.knowledge_points === undefined ? {} : { knowledgePoints: input.knowledge_points }),
          ...(input.importance === undefined ? {} : { importance: input.importance }),
          ...(input.sort === undefined ? {} : { sort: input.sort }),
          updatedAt: new Date(),
        })
        .where(eq(schema.knowledgeNodes.id, before.id))
        .returning();
      if (labelIds !== undefined) await setNodeLabels(tx, before.id, labelIds);
      await tx
        .update(schema.knowledgeMaps)
        .set({ updatedAt: new Date() })
        .where(eq(schema.knowledgeMaps.id, before.mapId));
      await recordAudit(tx, {
        siteId,
        userId,
        action,
        targetType: 'knowledge_node',
        targetId: before.id,
        details: {
          before: nodeAuditState(before),
          after: { ...nodeAuditState(after!), ...(labelIds === undefined ? {} : { label_ids: labelIds }) },
        },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    throw codeTaken(error, input.code);
  }
  return nodeDetail(ctx.db, siteId, input.id);
}
