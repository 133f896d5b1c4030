import type { ImageShape } from './image-model.ts';
import type { ImageTool } from './image-tools.ts';

/**
 * The shapes that are not being edited, drawn in one pass: paths are grouped by colour so that a few thousand
 * boxes cost a handful of fill and stroke calls, and shapes outside the view are skipped. Selection does its own
 * hit test (`hitTest`), so this layer needs no Konva hit canvas.
 */
export interface Drawn {
  shape: ImageShape;
  color: string;
  tool: ImageTool | undefined;
  /** Bounding box in image pixels: minX, minY, maxX, maxY. */
  box: [number, number, number, number];
}

type XY = [number, number];

function corners(s: { x: number; y: number; w: number; h: number; angle: number }): XY[] {
  const cx = s.x + s.w / 2;
  const cy = s.y + s.h / 2;
  const a = (s.angle * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return [
    [-s.w / 2, -s.h / 2],
    [s.w / 2, -s.h / 2],
    [s.w / 2, s.h / 2],
    [-s.w / 2, s.h / 2],
  ].map(([x, y]) => [cx + x! * cos - y! * sin, cy + x! * sin + y! * cos]);
}

function outline(shape: ImageShape): XY[] {
  switch (shape.type) {
    case 'rect':
      return [
        [shape.x, shape.y],
        [shape.x + shape.w, shape.y + shape.h],
      ];
    case 'rotated_rect':
      return corners(shape);
    case 'polygon':
    case 'polyline':
      return shape.points;
    case 'point':
      return [[shape.x, shape.y]];
    case 'keypoints':
      return shape.points.filter((p) => p.v > 0).map((p) => [p.x, p.y]);
  }
}

export function drawnOf(shape: ImageShape, color: string, tool: ImageTool | undefined): Drawn {
  const points = outline(shape);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const box: Drawn['box'] = points.length
    ? [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
    : [0, 0, -1, -1];
  return { shape, color, tool, box };
}

/**
 * Draws `list` on `ctx`, whose transform maps image pixels to canvas pixels (the stage's, a scale and a
 * translation). Coordinates are mapped by hand and drawn untransformed with one fillRect / strokeRect per box:
 * far cheaper for the rasteriser than one big path, and box edges land on whole pixels. `ratio` is the canvas
 * pixels per CSS pixel.
 */
export function drawBatch(ctx: CanvasRenderingContext2D, list: readonly Drawn[], ratio: number) {
  const m = ctx.getTransform();
  const X = (x: number) => x * m.a + m.e;
  const Y = (y: number) => y * m.d + m.f;
  const pad = 8 * ratio;
  const view = [
    (-pad - m.e) / m.a,
    (-pad - m.f) / m.d,
    (ctx.canvas.width + pad - m.e) / m.a,
    (ctx.canvas.height + pad - m.f) / m.d,
  ];
  const byColor = new Map<string, Drawn[]>();
  for (const d of list) {
    const { box } = d;
    if (box[2] < view[0]! || box[0] > view[2]! || box[3] < view[1]! || box[1] > view[3]!) continue;
    const group = byColor.get(d.color);
    if (group) group.push(d);
    else byColor.set(d.color, [d]);
  }
  const r = 4 * ratio;
  let dotted = false;
  const dot = (x: number, y: number, color: string) => {
    dotted = true;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(X(x), Y(y), r, 0, Math.PI * 2);
    ctx.fill();
  };
  const path = (points: readonly XY[], closed: boolean) => {
    ctx.beginPath();
    points.forEach(([x, y], i) => {
      if (i === 0) ctx.moveTo(X(x), Y(y));
      else ctx.lineTo(X(x), Y(y));
    });
    if (closed) ctx.closePath();
  };
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.lineWidth = 1.5 * ratio;
  for (const [color, group] of byColor) {
    const fill = `${color}22`;
    ctx.strokeStyle = color;
    ctx.fillStyle = fill;
    for (const { shape, tool } of group) {
      // Colour strings are parsed on every assignment: set the fill again only after a dot changed it.
      if (dotted) {
        ctx.fillStyle = fill;
        dotted = false;
      }
      switch (shape.type) {
        case 'rect': {
          const x = Math.round(X(shape.x));
          const y = Math.round(Y(shape.y));
          const w = Math.round(X(shape.x + shape.w)) - x;
          const h = Math.round(Y(shape.y + shape.h)) - y;
          ctx.fillRect(x, y, w, h);
          ctx.strokeRect(x, y, w, h);
          break;
        }
        case 'rotated_rect':
        case 'polygon':
          path(shape.type === 'polygon' ? shape.points : corners(shape), true);
          ctx.fill();
          ctx.stroke();
          break;
        case 'polyline':
          path(shape.points, false);
          ctx.stroke();
          break;
        case 'point':
          dot(shape.x, shape.y, color);
          break;
        case 'keypoints': {
          const pts = shape.points;
          ctx.beginPath();
          for (const [i, j] of tool?.type === 'keypoints' ? tool.edges : []) {
            const a = pts[i];
            const b = pts[j];
            if (!a || !b || a.v === 0 || b.v === 0) continue;
            ctx.moveTo(X(a.x), Y(a.y));
            ctx.lineTo(X(b.x), Y(b.y));
          }
          ctx.stroke();
          pts.forEach((q, i) => {
            if (q.v > 0) dot(q.x, q.y, (tool?.type === 'keypoints' && tool.points[i]?.color) || color);
          });
          break;
        }
      }
    }
  }
  ctx.restore();
}

const inPolygon = (x: number, y: number, pts: readonly XY[]) => {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const nearSegment = (x: number, y: number, [ax, ay]: XY, [bx, by]: XY, tol: number) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = dx || dy ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy))) : 0;
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= tol;
};

/** The topmost visible shape at image point (x, y) (`tol` in image pixels), and the key point hit if any. */
export function hitTest(list: readonly Drawn[], x: number, y: number, tol: number) {
  for (let k = list.length - 1; k >= 0; k -= 1) {
    const { shape, box } = list[k]!;
    if (x < box[0] - tol || x > box[2] + tol || y < box[1] - tol || y > box[3] + tol) continue;
    switch (shape.type) {
      case 'rect':
        return { id: shape.id };
      case 'rotated_rect':
        if (inPolygon(x, y, corners(shape))) return { id: shape.id };
        break;
      case 'polygon':
        if (inPolygon(x, y, shape.points)) return { id: shape.id };
        break;
      case 'polyline':
        if (shape.points.some((p, i) => i > 0 && nearSegment(x, y, shape.points[i - 1]!, p, tol))) {
          return { id: shape.id };
        }
        break;
      case 'point':
        return { id: shape.id };
      case 'keypoints': {
        const i = shape.points.findIndex((p) => p.v > 0 && Math.hypot(p.x - x, p.y - y) <= tol * 1.5);
        if (i >= 0) return { id: shape.id, point: i };
        break;
      }
    }
  }
  return null;
}
