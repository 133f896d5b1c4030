import type { TComponentType, TTemplateComponent } from '@app/contracts';
import { componentSpec } from '../../annotation-tools/index.ts';

/**
 * Pure operations of the visual template editor on a component tree (the root list and layouts' children).
 * Components are found by id; a document with duplicate ids (a rule problem) acts on the first one.
 */
export type Comp = TTemplateComponent;
/** Where a component sits: its layout (null: the root list) and its index there. */
export interface Place {
  parent: string | null;
  index: number;
}

const NAMED = new Set(['radio', 'checkbox', 'select', 'input', 'textarea', 'upload', 'tag_group', 'data_cleaning']);

export function walk(list: readonly Comp[]): Comp[] {
  return list.flatMap((c) => [c, ...(c.type === 'layout' && Array.isArray(c.children) ? walk(c.children) : [])]);
}

export function findComponent(list: readonly Comp[], id: string): Comp | undefined {
  return walk(list).find((c) => c.id === id);
}

/** The components of a layout (or the root list when `parent` is null). */
function childrenOf(list: Comp[], parent: string | null): Comp[] | undefined {
  if (parent === null) return list;
  const layout = findComponent(list, parent);
  return layout?.type === 'layout' ? layout.children : undefined;
}

export function locate(list: readonly Comp[], id: string, parent: string | null = null): Place | undefined {
  for (const [index, c] of list.entries()) {
    if (c.id === id) return { parent, index };
    if (c.type === 'layout' && Array.isArray(c.children)) {
      const inner = locate(c.children, id, c.id);
      if (inner) return inner;
    }
  }
  return undefined;
}

const clone = (list: readonly Comp[]): Comp[] => structuredClone(list) as Comp[];

export function removeComponent(list: readonly Comp[], id: string): Comp[] {
  const next = clone(list);
  const place = locate(next, id);
  if (place) childrenOf(next, place.parent)?.splice(place.index, 1);
  return next;
}

export function insertComponent(list: readonly Comp[], place: Place, component: Comp): Comp[] {
  const next = clone(list);
  const target = childrenOf(next, place.parent) ?? next;
  target.splice(Math.min(place.index, target.length), 0, component);
  return next;
}

/** Whether `id` is `component` or one of its descendants (a layout cannot go into itself). */
export function contains(component: Comp, id: string): boolean {
  return walk([component]).some((c) => c.id === id);
}

/** Moves a component to a place given in the tree before the move. */
export function moveComponent(list: readonly Comp[], id: string, place: Place): Comp[] {
  const from = locate(list, id);
  const moving = findComponent(list, id);
  if (!from || !moving) return [...list];
  if (place.parent !== null && contains(moving, place.parent)) return [...list];
  const index = from.parent === place.parent && from.index < place.index ? place.index - 1 : place.index;
  return insertComponent(removeComponent(list, id), { parent: place.parent, index }, moving);
}

export function updateComponent(list: readonly Comp[], id: string, patch: (c: Comp) => Comp): Comp[] {
  const next = clone(list);
  const place = locate(next, id);
  if (!place) return next;
  const siblings = childrenOf(next, place.parent);
  const current = siblings?.[place.index];
  if (siblings && current) siblings[place.index] = patch(current);
  return next;
}

/** `type` + the smallest number not used as an id yet (`radio1`, `radio2`). */
export function uniqueId(list: readonly Comp[], type: string, taken = new Set<string>()): string {
  const ids = new Set([...walk(list).map((c) => c.id), ...taken]);
  for (let n = 1; ; n++) if (!ids.has(`${type}${n}`)) return `${type}${n}`;
}

function uniqueName(list: readonly Comp[], wanted: string, taken: Set<string>): string {
  const names = new Set([...walk(list).flatMap((c) => ('name' in c ? [c.name] : [])), ...taken]);
  if (!names.has(wanted)) return wanted;
  const stem = wanted.replace(/\d+$/, '') || 'field';
  for (let n = 1; ; n++) if (!names.has(`${stem}${n}`)) return `${stem}${n}`;
}

/** Gives a component (and its children) ids and field names unused in `list`. */
function renew(list: readonly Comp[], component: Comp, ids: Set<string>, names: Set<string>): Comp {
  const id = uniqueId(list, component.type, ids);
  ids.add(id);
  const next = { ...component, id } as Comp;
  if (NAMED.has(next.type) && 'name' in next) {
    const name = uniqueName(list, id.replace(/[^A-Za-z0-9_]/g, '_'), names);
    names.add(name);
    (next as { name: string }).name = name;
  }
  if (next.type === 'layout') next.children = next.children.map((child) => renew(list, child, ids, names));
  return next;
}

/** A new component of `type` with the registry's defaults, a unique id and a unique field name. */
export function newComponent(list: readonly Comp[], type: TComponentType): Comp | undefined {
  const spec = componentSpec(type);
  return spec ? renew(list, spec.create(type), new Set(), new Set()) : undefined;
}

/** A copy of the component right after it, with new ids and names. */
export function duplicateComponent(list: readonly Comp[], id: string): { list: Comp[]; id?: string } {
  const place = locate(list, id);
  const original = findComponent(list, id);
  if (!place || !original) return { list: [...list] };
  const copy = renew(list, structuredClone(original), new Set(), new Set());
  return { list: insertComponent(list, { parent: place.parent, index: place.index + 1 }, copy), id: copy.id };
}

/** Changes a component's id and the tools' `labels_from` that named it. */
export function renameComponent(list: readonly Comp[], id: string, next: string): Comp[] {
  let result = updateComponent(list, id, (c) => ({ ...c, id: next }));
  for (const c of walk(result)) {
    if ('labels_from' in c && c.labels_from === id) {
      result = updateComponent(result, c.id, (tool) => ({ ...tool, labels_from: next }) as Comp);
    }
  }
  return result;
}

/** The component a schema problem's path (`components.2.children.0.label`) points into, if any. */
export function componentAtPath(list: readonly Comp[], path: string): string | undefined {
  const parts = path.split('.');
  let current: readonly Comp[] | undefined = list;
  let found: string | undefined;
  for (let i = 0; i < parts.length - 1; i++) {
    if (parts[i] !== 'components' && parts[i] !== 'children') continue;
    const c: Comp | undefined = current?.[Number(parts[i + 1])];
    if (!c || typeof c !== 'object') break;
    found = typeof c.id === 'string' ? c.id : found;
    current = c.type === 'layout' && Array.isArray(c.children) ? c.children : undefined;
    i++;
  }
  return found;
}
