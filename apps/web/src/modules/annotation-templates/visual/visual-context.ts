import type { TComponentType } from '@app/contracts';
import { normaliseShortcut } from '@app/contracts/annotation/template.ts';
import { createContext, useContext } from 'react';
import { type Comp, type Place, walk } from './doc-ops.ts';

/** What the parts of the visual editor share: the tree, how to change it, the selection and the problems. */
export interface VisualState {
  components: Comp[];
  change: (next: (list: Comp[]) => Comp[]) => void;
  selected: string | null;
  select: (id: string | null) => void;
  /** Problem texts by the component they name. */
  problems: Map<string, string[]>;
  readOnly: boolean;
  /** A palette type or a component id while something is dragged. */
  dragging: { kind: 'new' | 'move'; value: string } | null;
  setDragging: (value: VisualState['dragging']) => void;
  /** Places a new component of the palette, or moves one, to a place of the tree. */
  addAt: (type: TComponentType, place: Place) => void;
  moveTo: (id: string, place: Place) => void;
}

export const VisualContext = createContext<VisualState | null>(null);

export function useVisual(): VisualState {
  const state = useContext(VisualContext);
  if (!state) throw new Error('useVisual outside VisualContext');
  return state;
}

/** How many times each normalised shortcut is used by tools and labels of the document. */
export function shortcutCounts(components: readonly Comp[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (value?: string) => {
    if (!value) return;
    const key = normaliseShortcut(value) ?? value;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (const c of walk(components)) {
    if ('shortcut' in c) add(c.shortcut);
    if ((c.type === 'tags' || c.type === 'tag_group') && Array.isArray(c.labels)) {
      for (const label of c.labels) add(label.shortcut);
    }
  }
  return counts;
}

/** Why a shortcut cannot be used (`invalid` or `duplicate`), or null. */
export function shortcutProblem(
  value: string | undefined,
  counts: Map<string, number>,
): 'invalid' | 'duplicate' | null {
  if (!value) return null;
  const key = normaliseShortcut(value);
  if (key === null) return 'invalid';
  return (counts.get(key) ?? 0) > 1 ? 'duplicate' : null;
}

export const DRAG_NEW = 'application/x-template-new';
export const DRAG_MOVE = 'application/x-template-move';
