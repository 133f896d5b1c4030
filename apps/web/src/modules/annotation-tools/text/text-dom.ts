/**
 * Mapping a DOM selection point to a character offset of the text. Blocks and runs are elements carrying
 * `data-s` / `data-e` (their offsets in the whole text); a point inside a run adds the characters of the run's
 * text before it. Written against a small node interface so that the unit test needs no browser DOM.
 */

export interface PointNode {
  nodeType: number;
  parentNode: PointNode | null;
  childNodes: ArrayLike<PointNode>;
  textContent: string | null;
  getAttribute?: (name: string) => string | null;
}

const TEXT_NODE = 3;

const bounds = (node: PointNode): [number, number] | null => {
  if (node.nodeType !== 1 || !node.getAttribute) return null;
  const s = node.getAttribute('data-s');
  const e = node.getAttribute('data-e');
  return s === null || e === null ? null : [Number(s), Number(e)];
};

/** The nearest node (itself included) that carries offsets, below `root`. */
function rangeAncestor(node: PointNode, root: PointNode): PointNode | null {
  for (let n: PointNode | null = node; n && n !== root; n = n.parentNode) if (bounds(n)) return n;
  return null;
}

/** Characters of text inside `within` that come before `node` (document order). */
function textBefore(within: PointNode, node: PointNode): number {
  let count = 0;
  let found = false;
  const walk = (n: PointNode) => {
    if (found) return;
    if (n === node) {
      found = true;
      return;
    }
    if (n.nodeType === TEXT_NODE) count += (n.textContent ?? '').length;
    else for (let i = 0; i < n.childNodes.length; i += 1) walk(n.childNodes[i] as PointNode);
  };
  for (let i = 0; i < within.childNodes.length && !found; i += 1) walk(within.childNodes[i] as PointNode);
  return count;
}

/** The first or last offset carried by `node` or its descendants. */
function edgeOffset(node: PointNode, last: boolean): number | null {
  const own = bounds(node);
  if (own) return last ? own[1] : own[0];
  const n = node.childNodes.length;
  for (let i = 0; i < n; i += 1) {
    const found = edgeOffset(node.childNodes[last ? n - 1 - i : i] as PointNode, last);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The text offset of a selection point (`node`, `offset` as in Selection.anchorNode / anchorOffset) inside
 * `root`; null when the point is not in the text.
 */
export function pointToOffset(root: PointNode, node: PointNode, offset: number): number | null {
  const owner = rangeAncestor(node, root);
  if (node.nodeType === TEXT_NODE) {
    if (!owner) return null;
    const [s, e] = bounds(owner) as [number, number];
    return Math.min(e, s + textBefore(owner, node) + offset);
  }
  const own = bounds(node);
  const children = node.childNodes;
  // An element point: before child `offset`. Take the start of that child, else the end of the one before.
  for (let i = offset; i < children.length; i += 1) {
    const found = edgeOffset(children[i] as PointNode, false);
    if (found !== null) return own && found < own[0] ? own[0] : found;
  }
  for (let i = Math.min(offset, children.length) - 1; i >= 0; i -= 1) {
    const found = edgeOffset(children[i] as PointNode, true);
    if (found !== null) return found;
  }
  if (own) return offset === 0 ? own[0] : own[1];
  return owner ? (bounds(owner) as [number, number])[0] : null;
}

/**
 * Offsets of a browser selection inside `root` (DOM nodes), clamping an end that lies before or after the
 * text to its edges; null when the selection is collapsed or not in the text.
 */
export function selectionToSpan(root: Node, selection: Selection, length: number): [number, number] | null {
  if (selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const place = (node: Node, offset: number): number | null => {
    if (root.contains(node)) return pointToOffset(root as unknown as PointNode, node as unknown as PointNode, offset);
    const position = root.compareDocumentPosition(node);
    if (position & Node.DOCUMENT_POSITION_PRECEDING) return 0;
    if (position & Node.DOCUMENT_POSITION_FOLLOWING) return length;
    return null;
  };
  if (!root.contains(range.startContainer) && !root.contains(range.endContainer)) {
    // Both ends outside: the selection covers the text only when it surrounds it.
    if (!range.intersectsNode(root)) return null;
  }
  const a = place(range.startContainer, range.startOffset);
  const b = place(range.endContainer, range.endOffset);
  return a === null || b === null ? null : [a, b];
}
