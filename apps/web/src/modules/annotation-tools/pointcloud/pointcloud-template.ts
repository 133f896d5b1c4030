import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { normaliseShortcut } from '@app/contracts/annotation/template.ts';
import type { Cuboid } from './cuboid-math.ts';

/**
 * What the point cloud tool reads from the template: its cuboid tool, that tool's labels and shortcuts. No three.js
 * here, so that the job frame can decide whether to load the tool's chunk at all.
 */
type Of<T extends TTemplateComponent['type']> = Extract<TTemplateComponent, { type: T }>;
export type CuboidTool = Of<'cuboid'>;
export interface CuboidLabel {
  name: string;
  color: string;
  /** Normalised shortcut, or null. */
  shortcut: string | null;
}

/** A cuboid of the result (docs/annotation-tools.md). */
export interface CuboidShape extends Cuboid {
  id: string;
  tool: string;
  type: 'cuboid';
  label?: string;
  attributes?: Record<string, unknown>;
  hidden?: boolean;
  locked?: boolean;
}

function flatten(components: readonly TTemplateComponent[], out: TTemplateComponent[] = []): TTemplateComponent[] {
  for (const c of components) {
    out.push(c);
    if (c.type === 'layout') flatten(c.children, out);
  }
  return out;
}

/** The template's first cuboid tool, or null. */
export function cuboidToolOf(template: TTemplateContent | null | undefined): CuboidTool | null {
  return (flatten(template?.components ?? []).find((c) => c.type === 'cuboid') as CuboidTool | undefined) ?? null;
}

/** Whether the template draws cuboids or shows a point cloud (then the point cloud tool replaces the item view). */
export function hasPointCloudTool(template: TTemplateContent | null | undefined): template is TTemplateContent {
  return flatten(template?.components ?? []).some((c) => c.type === 'cuboid' || c.type === 'point_cloud');
}

/** Labels of the tool: its `labels_from` tags component, else the template's first `tags`. */
export function cuboidLabels(template: TTemplateContent, tool: CuboidTool | null): CuboidLabel[] {
  const all = flatten(template.components);
  const tags = (all.find((c) => c.type === 'tags' && c.id === tool?.labels_from) ??
    all.find((c) => c.type === 'tags')) as Of<'tags'> | undefined;
  return (tags?.labels ?? []).map((l) => ({
    name: l.name,
    color: l.color,
    shortcut: l.shortcut ? normaliseShortcut(l.shortcut) : null,
  }));
}

const isVec3 = (v: unknown): v is [number, number, number] =>
  Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

export const isCuboidShape = (s: unknown, tool: string): s is CuboidShape => {
  const v = s as Partial<CuboidShape> | null;
  return (
    !!v && v.type === 'cuboid' && v.tool === tool && isVec3(v.center) && isVec3(v.size) && typeof v.heading === 'number'
  );
};

let counter = 0;
/** A new shape id (`c` + time + counter), different from the ids taken. */
export function newCuboidId(taken: ReadonlySet<string>): string {
  let id: string;
  do {
    counter += 1;
    id = `c${Date.now().toString(36)}${counter.toString(36)}`;
  } while (taken.has(id));
  return id;
}
