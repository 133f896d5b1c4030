import type { TKnowledgeLabelRef, TKnowledgeNode, TKnowledgeTreeNode } from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { buildTree, loadMap } from './knowledge-maps.queries.ts';

const { knowledgeMaps, knowledgeNodes, knowledgeLabels, nodeLabels } = schema;

export type KnowledgeNodeRecord = typeof knowledgeNodes.$inferSelect;

export const questionCount = sql<number>`(select count(*)::int from question_nodes qn where qn.node_id = "knowledge_nodes"."id")`;

/** One node of the organisation (locked when asked), else not_found. */
export async function loadNode(db: Executor, siteId: number, id: number, lock = false): Promise<KnowledgeNodeRecord> {
  const query = db
    .select()
    .from(knowledgeNodes)
    .where(and(eq(knowledgeNodes.siteId, siteId), eq(knowledgeNodes.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** Labels of the given nodes by node, each list by name. */
export async function labelsOfNodes(
  db: Executor,
  nodeIds: readonly number[],
): Promise<Map<number, TKnowledgeLabelRef[]>> {
  const byNode = new Map<number, TKnowledgeLabelRef[]>();
  if (nodeIds.length === 0) return byNode;
  const rows = await db
    .select({
      nodeId: nodeLabels.nodeId,
      id: knowledgeLabels.id,
      name: knowledgeLabels.name,
      color: knowledgeLabels.color,
    })
    .from(nodeLabels)
    .innerJoin(knowledgeLabels, eq(knowledgeLabels.id, nodeLabels.labelId))
    .where(inArray(nodeLabels.nodeId, [...nodeIds]))
    .orderBy(asc(knowledgeLabels.name));
  for (const { nodeId, ...label } of rows) byNode.set(nodeId, [...(byNode.get(nodeId) ?? []), label]);
  return byNode;
}

export function presentNode(node: KnowledgeNodeRecord, labels: TKnowledgeLabelRef[], count: number): TKnowledgeNode {
  return {
    id: node.id,
    map_id: node.mapId,
    parent_id: node.parentId,
    code: node.code,
    name: node.name,
    skill: node.skill,
    content: node.content,
    knowledge_points: node.knowledgePoints,
    importance: node.importance,
    sort: node.sort,
    labels,
    question_count: count,
  };
}

export async function nodeDetail(db: Executor, siteId: number, id: number): Promise<TKnowledgeNode> {
  const [row] = await db
    .select({ node: knowledgeNodes, questionCount })
    .from(knowledgeNodes)
    .where(and(eq(knowledgeNodes.siteId, siteId), eq(knowledgeNodes.id, id)));
  if (!row) throw new AppError('not_found');
  const labels = await labelsOfNodes(db, [id]);
  return presentNode(row.node, labels.get(id) ?? [], row.questionCount);
}

export async function mapNodes(db: Executor, mapId: number) {
  return db
    .select({ node: knowledgeNodes, questionCount })
    .from(knowledgeNodes)
    .where(eq(knowledgeNodes.mapId, mapId))
    .orderBy(asc(knowledgeNodes.sort), asc(knowledgeNodes.code));
}

export async function nodeTree(db: Executor, siteId: number, mapId: number): Promise<TKnowledgeTreeNode[]> {
  const map = await loadMap(db, siteId, mapId);
  const rows = await mapNodes(db, map.id);
  const labels = await labelsOfNodes(
    db,
    rows.map((r) => r.node.id),
  );
  return buildTree<{ id: number; parentId: number | null; row: (typeof rows)[number] }, TKnowledgeTreeNode>(
    rows.map((row) => ({ id: row.node.id, parentId: row.node.parentId, row })),
    ({ row }, children) => ({
      ...presentNode(row.node, labels.get(row.node.id) ?? [], row.questionCount),
      children,
    }),
  );
}

/**
 * Ancestors of a node (its parent, the parent's parent...), used to refuse a parent that would make a loop.
 * Bounded by the map's size, so a broken chain cannot loop forever.
 */
export async function ancestorIds(db: Executor, nodeId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`
    with recursive up(id, parent_id, depth) as (
      select n.id, n.parent_id, 0 from knowledge_nodes n where n.id = ${nodeId}
      union all
      select p.id, p.parent_id, up.depth + 1 from up join knowledge_nodes p on p.id = up.parent_id where up.depth < 10000
    )
    select id from up`,
  );
  return rows.map((r) => Number(r.id));
}

/** How many nodes are below a node (children, their children...). */
export async function descendantCount(db: Executor, nodeId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`with recursive down(id, depth) as (
      select n.id, 0 from knowledge_nodes n where n.parent_id = ${nodeId}
      union all
      select c.id, down.depth + 1 from down join knowledge_nodes c on c.parent_id = down.id where down.depth < 10000
    ) select count(*)::int as count from down`,
  );
  return Number(row?.count ?? 0);
}

/** Labels of the organisation among the ids (all must be), else not_found. */
export async function assertLabels(db: Executor, siteId: number, labelIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(labelIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: knowledgeLabels.id })
    .from(knowledgeLabels)
    .where(and(eq(knowledgeLabels.siteId, siteId), inArray(knowledgeLabels.id, unique)));
  if (rows.length !== unique.length) throw new AppError('not_found');
  return unique;
}

/** Replaces a node's labels. */
export async function setNodeLabels(db: Executor, nodeId: number, labelIds: readonly number[]): Promise<void> {
  await db.delete(nodeLabels).where(eq(nodeLabels.nodeId, nodeId));
  if (labelIds.length > 0) await db.insert(nodeLabels).values(labelIds.map((labelId) => ({ nodeId, labelId })));
}

/**
 * For question editors (`node_ids` of a question): every id must be a node of the organisation (not_found) in an
 * enabled map (knowledge_map_disabled, details: the node's code and map).
 */
export async function assertNodesLinkable(db: Executor, siteId: number, nodeIds: readonly number[]): Promise<void> {
  const unique = [...new Set(nodeIds)];
  if (unique.length === 0) return;
  const rows = await db
    .select({
      id: knowledgeNodes.id,
      code: knowledgeNodes.code,
      mapName: knowledgeMaps.name,
      enabled: knowledgeMaps.enabled,
    })
    .from(knowledgeNodes)
    .innerJoin(knowledgeMaps, eq(knowledgeMaps.id, knowledgeNodes.mapId))
    .where(and(eq(knowledgeNodes.siteId, siteId), inArray(knowledgeNodes.id, unique)));
  if (rows.length !== unique.length) throw new AppError('not_found');
  const disabled = rows.find((row) => !row.enabled);
  if (disabled) throw new AppError('knowledge_map_disabled', { name: disabled.mapName }, { code: disabled.code });
}

/** What the audit log keeps of a node. */
export const nodeAuditState = (node: KnowledgeNodeRecord) => ({
  map_id: node.mapId,
  parent_id: node.parentId,
  code: node.code,
  name: node.name,
  skill: node.skill,
  importance: node.importance,
  knowledge_points: node.knowledgePoints,
});
