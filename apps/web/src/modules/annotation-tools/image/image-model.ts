import type { TShape, TTemplateContent } from '@app/contracts';
import { normaliseShortcut } from '@app/contracts/annotation/template.ts';
import { allComponents, type ImageTool, type ImageToolType, isImageTool } from './image-tools.ts';

/**
 * The shapes the image annotator edits, in image pixels (docs/annotation-tools.md):
 * - `rect`: `x, y, w, h`, top-left origin;
 * - `rotated_rect`: `x, y, w, h` of the box before rotation (`x, y` its top-left corner when unrotated) and `angle`
 *   in degrees around the box's centre `(x + w/2, y + h/2)`, clockwise on screen (image y points down) — Konva's
 *   `rotation`. On the canvas the node sits at the centre with `offset = (w/2, h/2)`;
 * - `polygon`, `polyline`: `points: [[x, y], ...]`; `point`: `x, y`;
 * - `keypoints`: `points: [{x, y, v}]` in the template's order, `v` 2 visible, 1 occluded, 0 absent (a skipped
 *   point is `{x: 0, y: 0, v: 0}`).
 */
export type ImageShape = Extract<TShape, { type: ImageToolType }>;
export type Geometry = DistributiveOmit<ImageShape, 'id' | 'tool' | 'label' | 'attributes' | 'hidden' | 'locked'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface Label {
  name: string;
  color: string;
  shortcut?: string;
}

export const NO_LABEL_COLOR = '#8c8c8c';

export const isImageShape = (s: unknown): s is ImageShape =>
  typeof s === 'object' &&
  s !== null &&
  ['rect', 'rotated_rect', 'polygon', 'polyline', 'point', 'keypoints'].includes((s as { type?: string }).type ?? '');

/** What the annotator needs from the template: its tools, each tool's labels, and the shortcut bindings. */
export interface ToolSet {
  tools: ImageTool[];
  byId: Map<string, ImageTool>;
  /** The labels each tool's shapes carry: its `labels_from` tags component, else the first `tags`. */
  labelsOf: (toolId: string | undefined) => Label[];
  colorOf: (toolId: string, label: string | undefined) => string;
  /** Normalised shortcut -> a tool id or a label name. */
  toolKeys: Map<string, string>;
  labelKeys: Map<string, string>;
}

export function toolSet(template: TTemplateContent): ToolSet {
  const all = allComponents(template);
  const tools = all.filter(isImageTool);
  const tags = all.filter((c) => c.type === 'tags');
  const labelsOf = (toolId: string | undefined): Label[] => {
    const tool = tools.find((t) => t.id === toolId);
    const source = (tool?.labels_from && tags.find((t) => t.id === tool.labels_from)) || tags[0];
    return source?.type === 'tags' ? source.labels : [];
  };
  const toolKeys = new Map<string, string>();
  for (const tool of tools) {
    const key = tool.shortcut && normaliseShortcut(tool.shortcut);
    if (key) toolKeys.set(key, tool.id);
  }
  const labelKeys = new Map<string, string>();
  for (const group of tags) {
    if (group.type !== 'tags') continue;
    for (const label of group.labels) {
      const key = label.shortcut && normaliseShortcut(label.shortcut);
      if (key) labelKeys.set(key, label.name);
    }
  }
  return {
    tools,
    byId: new Map(tools.map((t) => [t.id, t])),
    labelsOf,
    colorOf: (toolId, label) => labelsOf(toolId).find((l) => l.name === label)?.color ?? NO_LABEL_COLOR,
    toolKeys,
    labelKeys,
  };
}

/** The normalised shortcut of a key event (`ctrl+shift+s`, `space`, `arrowup`), or null for a lone modifier. */
export function eventShortcut(event: KeyboardEvent): string | null {
  const names: Record<string, string> = { ' ': 'space', Esc: 'escape', Del: 'delete' };
  const key = names[event.key] ?? event.key.toLowerCase();
  const mods = [event.ctrlKey && 'ctrl', event.altKey && 'alt', event.shiftKey && 'shift', event.metaKey && 'meta'];
  return normaliseShortcut([...mods.filter(Boolean), key].join('+'));
}

export function newShapeId(shapes: readonly { id: string }[]): string {
  const taken = new Set(shapes.map((s) => s.id));
  for (;;) {
    const id = `s${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.has(id)) return id;
  }
}

/** The shape moved by (dx, dy) image pixels. */
export function translated(shape: ImageShape, dx: number, dy: number): ImageShape {
  switch (shape.type) {
    case 'rect':
    case 'rotated_rect':
    case 'point':
      return { ...shape, x: r2(shape.x + dx), y: r2(shape.y + dy) };
    case 'polygon':
    case 'polyline':
      return { ...shape, points: shape.points.map(([x, y]) => [r2(x + dx), r2(y + dy)] as [number, number]) };
    case 'keypoints':
      return {
        ...shape,
        points: shape.points.map((p) => (p.v === 0 ? p : { ...p, x: r2(p.x + dx), y: r2(p.y + dy) })),
      };
  }
}

/** Rounded to 1/100 pixel, so results stay short. */
export const r2 = (n: number) => Math.round(n * 100) / 100;

/** Consecutive points closer than `min` merged (a double click adds the same point twice). */
export function dedupe(points: [number, number][], min: number): [number, number][] {
  const out: [number, number][] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) > min) out.push(p);
  }
  return out;
}

/** The next visibility of a key point when `v` is pressed: visible -> occluded -> absent -> visible. */
export const nextVisibility = (v: 0 | 1 | 2): 0 | 1 | 2 => (v === 2 ? 1 : v === 1 ? 0 : 2);
