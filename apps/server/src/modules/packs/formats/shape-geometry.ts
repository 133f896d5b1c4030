import type { AnnotationResultLike, AssembledFile, PackItem, StreamText } from './pack-format.ts';

/**
 * Helpers shared by the media format writers (COCO, YOLO, VOC, CoNLL, spans, audio, MOT, KITTI): file stems,
 * geometry of shapes, and the `skipped.txt` list of items a format could not write (docs/packs.md, "Formats").
 */

export type Shape = AnnotationResultLike['shapes'][number];
export type XY = [number, number];

/** A relative path inside the zip: forward slashes, no leading slash, no `.` / `..` segments. */
export function safePath(name: string): string {
  const parts = name
    .replaceAll('\\', '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.' && p !== '..');
  return parts.join('/') || '_';
}

/** The item's name without its last extension (`dir/a.b.png` → `dir/a.b`), made safe for a zip path. */
export function stemOf(name: string): string {
  const path = safePath(name);
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(0, dot) : path;
}

/** Rounded to `digits` decimals (no `-0`). */
export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  const r = Math.round(n * f) / f;
  return r === 0 ? 0 : r;
}

export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The 0-based index of a shape's label in the template's labels, or -1 (no label, or not one of them). */
export function labelIndex(labels: readonly string[], shape: Shape): number {
  return typeof shape.label === 'string' ? labels.indexOf(shape.label) : -1;
}

export function rectOf(shape: Shape): { x: number; y: number; w: number; h: number } | null {
  const x = num(shape.x);
  const y = num(shape.y);
  const w = num(shape.w);
  const h = num(shape.h);
  return x === null || y === null || w === null || h === null ? null : { x, y, w, h };
}

export function pointsOf(shape: Shape): XY[] {
  if (!Array.isArray(shape.points)) return [];
  return (shape.points as unknown[]).filter(
    (p): p is XY => Array.isArray(p) && p.length >= 2 && num(p[0]) !== null && num(p[1]) !== null,
  );
}

/** Key points in the template's order, padded with absent points to `count` (v: 2 visible, 1 occluded, 0 absent). */
export function keypointsOf(shape: Shape, count: number): Array<{ x: number; y: number; v: 0 | 1 | 2 }> {
  const raw = Array.isArray(shape.points) ? (shape.points as Array<Record<string, unknown>>) : [];
  const out: Array<{ x: number; y: number; v: 0 | 1 | 2 }> = [];
  for (let i = 0; i < Math.max(count, raw.length); i += 1) {
    const p = raw[i];
    const v = p && (p.v === 1 || p.v === 2) ? p.v : 0;
    const x = num(p?.x);
    const y = num(p?.y);
    out.push(v === 0 || x === null || y === null ? { x: 0, y: 0, v: 0 } : { x, y, v });
  }
  return out.slice(0, count || raw.length);
}

/** The corners of a rotated rectangle (`angle` in degrees around its centre), clockwise from the top-left. */
export function rotatedCorners(r: { x: number; y: number; w: number; h: number }, angle: number): XY[] {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const c = Math.cos((angle * Math.PI) / 180);
  const s = Math.sin((angle * Math.PI) / 180);
  return [
    [-r.w / 2, -r.h / 2],
    [r.w / 2, -r.h / 2],
    [r.w / 2, r.h / 2],
    [-r.w / 2, r.h / 2],
  ].map(([dx, dy]) => [round(cx + dx! * c - dy! * s), round(cy + dx! * s + dy! * c)] as XY);
}

export function boundsOf(points: readonly XY[]): { x: number; y: number; w: number; h: number } | null {
  if (points.length === 0) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
}

/** The area of a simple polygon (shoelace formula). */
export function polygonArea(points: readonly XY[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i += 1) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** The text of a text item: a string payload, or the payload's `text` field. */
export function itemText(item: PackItem['item']): string | null {
  const p = item.payload;
  if (typeof p === 'string') return p;
  if (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string') {
    return (p as { text: string }).text;
  }
  return null;
}

/**
 * Whether an item is of another media kind than the format's: records count as the format's kind (a record whose
 * URL has no known extension, e.g. an image link without `.jpg`, is shown by the template's media component).
 */
export function otherKind(p: PackItem, kind: PackItem['item']['kind']): boolean {
  return p.item.kind !== kind && p.item.kind !== 'record';
}

/** Counts of what a writer left out; kept in the writer's state. */
export interface SkipState {
  skipped: number;
}

/** A line of `skipped.txt` (`<item name>\t<reason>`), appended to the `skipped` stream. */
export function skip(state: SkipState, append: StreamText[], p: PackItem, reason: string): void {
  state.skipped += 1;
  append.push({ stream: 'skipped', text: `${p.item.name.replace(/[\t\r\n]/g, ' ')}\t${reason}\n` });
}

/** `skipped.txt` when something was left out: one line per item with the reason. */
export function skippedFile(state: SkipState): AssembledFile[] {
  if (state.skipped === 0) return [];
  return [
    { path: 'skipped.txt', pieces: [`# ${state.skipped} items not written (name, reason)\n`, { stream: 'skipped' }] },
  ];
}

/** Appends `text` to `stream` unless empty. */
export function push(append: StreamText[], stream: string, text: string): void {
  if (text) append.push({ stream, text });
}

/** An item with an annotation result. */
export type AnnotatedItem = PackItem & { result: NonNullable<PackItem['result']> };

/** The annotated items that are images, in order; the others of another kind are skipped (`not an image`). */
export function* annotatedImages(items: readonly PackItem[], state: SkipState, append: StreamText[]) {
  for (const p of items) {
    if (!p.result) continue;
    if (otherKind(p, 'image')) skip(state, append, p, 'not an image');
    else yield p as AnnotatedItem;
  }
}

/** The annotated items with their text, in order; those without text are skipped (`no text in the item`). */
export function* annotatedTexts(items: readonly PackItem[], state: SkipState, append: StreamText[]) {
  for (const p of items) {
    if (!p.result) continue;
    const content = itemText(p.item);
    if (content === null) skip(state, append, p, 'no text in the item');
    else yield { p: p as AnnotatedItem, content };
  }
}
