/**
 * The label-picking rule every annotation tool follows (as CVAT and Label Studio do): the label picker and the label
 * shortcut keys choose the label the NEXT shape gets and never touch a finished shape, selected or not. A finished
 * shape changes its label only through `relabel`, the explicit "change label" control of its row or panel, which
 * is one change of the result (one step of the frame's undo).
 */

export interface LabelledShape {
  id: string;
  label?: string;
  locked?: boolean;
}

/** The label a new shape of a tool gets: the one picked when the tool offers it, else the tool's first, else none. */
export function labelForNext(offered: readonly { name: string }[], picked: string | null | undefined): string | null {
  if (picked && offered.some((l) => l.name === picked)) return picked;
  return offered[0]?.name ?? null;
}

/**
 * The result's shapes with the shape `id` (one of the tool's, by `isOwn`) labelled `label`; null when nothing is
 * to change: no such shape, locked, already so labelled, or a label the tool does not offer.
 */
export function relabel<T extends LabelledShape>(
  shapes: readonly unknown[],
  id: string,
  label: string,
  isOwn: (shape: unknown) => shape is T,
  offered: readonly { name: string }[],
): unknown[] | null {
  const shape = shapes.find((s): s is T => isOwn(s) && s.id === id);
  if (!shape || shape.locked || shape.label === label || !offered.some((l) => l.name === label)) return null;
  return shapes.map((s) => (s === shape ? { ...shape, label } : s));
}
