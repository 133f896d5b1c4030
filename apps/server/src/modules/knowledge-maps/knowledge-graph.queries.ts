import type { TGraphEdge, TGraphItem, TKnowledgeGraph } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { loadMap } from './knowledge-maps.queries.ts';
import { labelsOfNodes, mapNodes } from './knowledge-nodes.queries.ts';

const { knowledgeNodes, questionNodes } = schema;

/** The graph of a map: root, nodes, labels; parent edges and node -> label edges. */
export async function mapGraph(db: Executor, siteId: number, mapId: number): Promise<TKnowledgeGraph> {
  const map = await loadMap(db, siteId, mapId);
  const rows = await mapNodes(db, map.id);
  const labels = await labelsOfNodes(
    db,
    rows.map((r) => r.node.id),
  );
  const [total] = await db
    .select({ count: sql<number>`count(distinct ${questionNodes.questionId})::int` })
    .from(questionNodes)
    .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, questionNodes.nodeId))
    .where(eq(knowledgeNodes.mapId, map.id));
  const mapKey = `map-${map.id}`;
  const items: TGraphItem[] = [
    {
      key: mapKey,
      kind: 'map',
      id: map.id,
      name: map.name,
      code: '',
      importance: 0,
      question_count: total?.count ?? 0,
      color: '',
    },
  ];
  const edges: TGraphEdge[] = [];
  const ids = new Set(rows.map((r) => r.node.id));
  const labelItems = new Map<number, TGraphItem>();
  for (const { node, questionCount: count } of rows) {
    const key = `node-${node.id}`;
    items.push({
      key,
      kind: 'node',
      id: node.id,
      name: node.name,
      code: node.code,
      importance: node.importance,
      question_count: count,
      color: '',
    });
    const parentKey = node.parentId !== null && ids.has(node.parentId) ? `node-${node.parentId}` : mapKey;
    edges.push({ source: parentKey, target: key, kind: 'parent' });
    for (const label of labels.get(node.id) ?? []) {
      const labelKey = `label-${label.id}`;
      if (!labelItems.has(label.id)) {
        labelItems.set(label.id, {
          key: labelKey,
          kind: 'label',
          id: label.id,
          name: label.name,
          code: '',
          importance: 0,
          question_count: 0,
          color: label.color,
        });
      }
      edges.push({ source: key, target: labelKey, kind: 'label' });
    }
  }
  items.push(...labelItems.values());
  return { map: { id: map.id, name: map.name, enabled: map.enabled }, nodes: items, edges };
}
