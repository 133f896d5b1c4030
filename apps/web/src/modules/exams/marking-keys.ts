/**
 * The marking page's keys, as pure functions (the page listens on the window and asks these what a key means):
 * J / ArrowDown the next answer, K / ArrowUp the previous one, 0-9 the points of a question without a rubric,
 * Enter (not in the comment box) or Ctrl / Cmd + Enter save and go on. Keys typed into a field stay the field's.
 */

/** The id of the comment box, and the prefix of the ids of the points fields (points, rubric criteria). */
export const COMMENT_ID = 'marking-comment';
export const POINTS_ID_PREFIX = 'marking-points';

/**
 * Where the focus is: `page` (nothing that takes keys), `control` (a button or link: Enter and Space are its own),
 * `points` (a points field), `comment` (the comment box), `field` (any other field, a radio, a tab, a list box).
 */
export type KeyPlace = 'page' | 'control' | 'points' | 'comment' | 'field';

/** What keydown's target offers (an HTMLElement has all of it). */
export interface KeyTarget {
  tagName: string;
  id?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
}

const FIELD_ROLES = new Set(['textbox', 'combobox', 'listbox', 'option', 'spinbutton', 'slider', 'radio', 'tab']);
const CONTROL_ROLES = new Set(['button', 'link', 'switch', 'checkbox', 'menuitem']);
const CONTROL_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox']);

export function keyPlace(target: KeyTarget | null | undefined): KeyPlace {
  if (!target?.tagName) return 'page';
  const id = target.id ?? '';
  if (id === COMMENT_ID) return 'comment';
  if (id.startsWith(POINTS_ID_PREFIX)) return 'points';
  if (target.isContentEditable) return 'field';
  const tag = target.tagName.toUpperCase();
  const role = target.getAttribute?.('role') ?? '';
  if (tag === 'INPUT') {
    return CONTROL_INPUTS.has((target.getAttribute?.('type') ?? 'text').toLowerCase()) ? 'control' : 'field';
  }
  if (tag === 'TEXTAREA' || tag === 'SELECT' || FIELD_ROLES.has(role)) return 'field';
  if (tag === 'BUTTON' || tag === 'A' || CONTROL_ROLES.has(role)) return 'control';
  return 'page';
}

/** What keydown offers (a KeyboardEvent has all of it). */
export interface MarkingKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  repeat?: boolean;
}

export type MarkingKeyAction =
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'points'; points: number }
  | { kind: 'save' };

export interface MarkingKeyContext {
  /** The question has a rubric: points are given per criterion, so digits set nothing. */
  rubric: boolean;
  /** The most points the answer can get; a digit above it is ignored. */
  maxPoints: number;
}

/** What a key does on the marking page, or null when it is left to the browser (and the focused field). */
export function markingKeyAction(
  key: MarkingKey,
  place: KeyPlace,
  context: MarkingKeyContext,
): MarkingKeyAction | null {
  if (key.isComposing) return null;
  const command = key.ctrlKey || key.metaKey;
  if (key.key === 'Enter') {
    if (key.repeat || key.altKey || key.shiftKey) return null;
    if (command) return { kind: 'save' };
    return place === 'page' || place === 'points' ? { kind: 'save' } : null;
  }
  if (command || key.altKey || key.shiftKey) return null;
  if (place !== 'page' && place !== 'control') return null;
  switch (key.key) {
    case 'j':
    case 'J':
    case 'ArrowDown':
      return { kind: 'next' };
    case 'k':
    case 'K':
    case 'ArrowUp':
      return { kind: 'previous' };
  }
  if (/^[0-9]$/.test(key.key) && !context.rubric && !key.repeat) {
    const points = Number(key.key);
    return points <= context.maxPoints ? { kind: 'points', points } : null;
  }
  return null;
}
