import type { TGraphItem, TKnowledgeGraph } from '@app/contracts';

export type GraphLayout = 'tree' | 'force';

export interface PlacedItem extends TGraphItem {
  x?: number;
  y?: number;
  depth: number;
}

const X_GAP = 90;
const Y_GAP = 110;

/**
 * Positions for the tree layout: the map at the top, each level of nodes one row lower, leaves side by side and
 * parents centred over their children; labels in a row below the deepest level. The force layout ignores them.
 */
export function placeGraph(graph: TKnowledgeGraph): PlacedItem[] {
  const children = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'parent') continue;
    children.set(edge.source, [...(children.get(edge.source) ?? []), edge.target]);
  }
  const byKey = new Map(graph.nodes.map((item) => [item.key, item]));
  const placed = new Map<string, PlacedItem>();
  let nextLeaf = 0;
  let maxDepth = 0;
  const place = (key: string, depth: number): number => {
    const item = byKey.get(key);
    if (!item || placed.has(key)) return 0;
    maxDepth = Math.max(maxDepth, depth);
    const kids = children.get(key) ?? [];
    let x: number;
    if (kids.length === 0) x = nextLeaf++ * X_GAP;
    else {
      const xs = kids.map((kid) => place(kid, depth + 1));
      x = (Math.min(...xs) + Math.max(...xs)) / 2;
    }
    placed.set(key, { ...item, x, y: depth * Y_GAP, depth });
    return x;
  };
  const root = graph.nodes.find((item) => item.kind === 'map');
  if (root) place(root.key, 0);
  const labels = graph.nodes.filter((item) => item.kind === 'label');
  const width = Math.max(nextLeaf - 1, 0) * X_GAP;
  labels.forEach((label, i) => {
    const x = labels.length === 1 ? width / 2 : (width * i) / (labels.length - 1);
    placed.set(label.key, { ...label, x, y: (maxDepth + 1) * Y_GAP, depth: maxDepth + 1 });
  });
  return graph.nodes.map((item) => placed.get(item.key) ?? { ...item, depth: 1 });
}
