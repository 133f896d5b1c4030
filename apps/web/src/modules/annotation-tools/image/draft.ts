import Konva from 'konva';
import { dedupe, type Geometry, r2 } from './image-model.ts';
import type { ImageTool } from './image-tools.ts';
import type { Viewport } from './viewport.ts';

type XY = { x: number; y: number };
export interface DraftHint {
  type: ImageTool['type'];
  /** Points placed so far. */
  count: number;
  /** Key points: the name of the point the next click places. */
  next?: string;
}

const CLOSE_DISTANCE = 8; // screen pixels around the first vertex that close a polygon

/**
 * The shape being drawn, kept in Konva nodes on the draft layer and changed in place as the pointer moves; only
 * a finished shape reaches React (`onDone`), and only a placed point changes the hint (`onHint`).
 */
export class Draft {
  tool: ImageTool | null = null;
  private color = '#1677ff';
  private start: XY | null = null;
  private points: [number, number][] = [];
  private keypoints: { x: number; y: number; v: 0 | 1 | 2 }[] = [];
  private box = new Konva.Rect({ strokeWidth: 2, strokeScaleEnabled: false, dash: [6, 4], listening: false });
  private line = new Konva.Line({ strokeWidth: 2, strokeScaleEnabled: false, listening: false });

  constructor(
    private layer: Konva.Layer,
    private viewport: Viewport,
    private onDone: (tool: ImageTool, geometry: Geometry) => void,
    private onHint: (hint: DraftHint | null) => void,
  ) {}

  get active() {
    return this.tool !== null;
  }

  private begin(tool: ImageTool, color: string) {
    this.tool = tool;
    this.color = color;
    this.start = null;
    this.points = [];
    this.keypoints = [];
    this.layer.destroyChildren();
    this.layer.visible(true);
    this.box = this.box.clone({ stroke: color, fill: `${color}22`, width: 0, height: 0 });
    this.line = this.line.clone({ stroke: color, points: [], closed: false });
    this.layer.add(this.line, this.box);
  }

  private handle(p: XY, color: string) {
    const inverse = 1 / this.viewport.scale;
    this.layer.add(
      new Konva.Circle({ name: 'h', x: p.x, y: p.y, radius: 4, fill: color, stroke: '#fff', strokeWidth: 1 })
        .scale({ x: inverse, y: inverse })
        .listening(false),
    );
  }

  private hint() {
    const tool = this.tool;
    if (!tool) return this.onHint(null);
    if (tool.type === 'keypoints') {
      this.onHint({ type: tool.type, count: this.keypoints.length, next: tool.points[this.keypoints.length]?.name });
    } else this.onHint({ type: tool.type, count: this.points.length });
  }

  /** A press of the main button at image point `p` with `tool` and the current label's `color`. */
  down(tool: ImageTool, p: XY, color: string) {
    if (this.tool && this.tool.id !== tool.id) this.cancel();
    switch (tool.type) {
      case 'point':
        this.onDone(tool, { type: 'point', x: r2(p.x), y: r2(p.y) });
        return;
      case 'rect':
      case 'rotated_rect':
        this.begin(tool, color);
        this.start = p;
        this.box.position(p);
        break;
      case 'polygon':
      case 'polyline': {
        if (!this.active) this.begin(tool, color);
        const first = this.points[0];
        const near = first && Math.hypot(first[0] - p.x, first[1] - p.y) * this.viewport.scale < CLOSE_DISTANCE;
        if (tool.type === 'polygon' && near && this.points.length >= tool.min_points) return this.finish();
        this.points.push([p.x, p.y]);
        this.handle(p, color);
        this.line.points([...this.points.flat(), p.x, p.y]);
        this.hint();
        break;
      }
      case 'keypoints': {
        if (!this.active) this.begin(tool, color);
        const spec = tool.points[this.keypoints.length];
        this.keypoints.push({ x: r2(p.x), y: r2(p.y), v: 2 });
        this.handle(p, spec?.color ?? color);
        this.drawSkeleton();
        if (this.keypoints.length >= tool.points.length) return this.finish();
        this.hint();
        break;
      }
    }
    this.layer.batchDraw();
  }

  move(p: XY) {
    if (!this.tool) return;
    if (this.start) {
      this.box.setAttrs({
        x: Math.min(this.start.x, p.x),
        y: Math.min(this.start.y, p.y),
        width: Math.abs(p.x - this.start.x),
        height: Math.abs(p.y - this.start.y),
      });
    } else if (this.tool.type === 'polygon' || this.tool.type === 'polyline') {
      this.line.points([...this.points.flat(), p.x, p.y]);
    } else return;
    this.layer.batchDraw();
  }

  /** Release of the main button: ends a box. */
  up(p: XY) {
    const tool = this.tool;
    if (!tool || !this.start || (tool.type !== 'rect' && tool.type !== 'rotated_rect')) return;
    const x = Math.min(this.start.x, p.x);
    const y = Math.min(this.start.y, p.y);
    const w = Math.abs(p.x - this.start.x);
    const h = Math.abs(p.y - this.start.y);
    this.cancel();
    if (w * this.viewport.scale < 3 || h * this.viewport.scale < 3) return;
    const box = { x: r2(x), y: r2(y), w: r2(w), h: r2(h) };
    this.onDone(tool, tool.type === 'rect' ? { type: 'rect', ...box } : { type: 'rotated_rect', ...box, angle: 0 });
  }

  private drawSkeleton() {
    if (this.tool?.type !== 'keypoints') return;
    const placed = this.keypoints;
    const flat: number[] = [];
    for (const [i, j] of this.tool.edges) {
      const a = placed[i];
      const b = placed[j];
      if (a && b && a.v > 0 && b.v > 0) flat.push(a.x, a.y, b.x, b.y);
    }
    this.layer.find('.edge').forEach((n) => {
      n.destroy();
    });
    for (let k = 0; k < flat.length; k += 4) {
      const edge = new Konva.Line({
        name: 'edge',
        points: flat.slice(k, k + 4),
        stroke: this.color,
        strokeWidth: 1.5,
        strokeScaleEnabled: false,
        listening: false,
      });
      this.layer.add(edge);
      edge.moveToBottom();
    }
  }

  /** Key points: the next point is absent (v 0); starts the shape when `tool` is a key points tool not begun. */
  skip(start?: ImageTool, color = this.color) {
    if (!this.tool && start?.type === 'keypoints') this.begin(start, color);
    const tool = this.tool;
    if (tool?.type !== 'keypoints') return;
    this.keypoints.push({ x: 0, y: 0, v: 0 });
    if (this.keypoints.length >= tool.points.length) return this.finish();
    this.hint();
  }

  /** Enter, a double click or a click on the first vertex: the shape is done when it has enough points. */
  finish() {
    const tool = this.tool;
    if (!tool) return;
    if (tool.type === 'polygon' || tool.type === 'polyline') {
      const points = dedupe(this.points, 1 / this.viewport.scale).map(([x, y]) => [r2(x), r2(y)] as [number, number]);
      if (points.length < tool.min_points) return;
      this.cancel();
      this.onDone(tool, { type: tool.type, points });
    } else if (tool.type === 'keypoints') {
      const points = tool.points.map((_, i) => this.keypoints[i] ?? { x: 0, y: 0, v: 0 as const });
      this.cancel();
      if (points.some((p) => p.v > 0)) this.onDone(tool, { type: 'keypoints', points });
    }
  }

  /** Backspace: the last point placed is taken back. */
  undoPoint() {
    const tool = this.tool;
    if (!tool) return;
    const placed = tool.type === 'keypoints' ? (this.keypoints.pop()?.v ?? 0) > 0 : this.points.pop() !== undefined;
    if (this.points.length === 0 && this.keypoints.length === 0) return this.cancel();
    const handles = this.layer.find('.h');
    if (placed) handles[handles.length - 1]?.destroy();
    if (tool.type === 'keypoints') this.drawSkeleton();
    else this.line.points(this.points.flat());
    this.hint();
    this.layer.batchDraw();
  }

  cancel() {
    this.tool = null;
    this.start = null;
    this.points = [];
    this.keypoints = [];
    this.layer.destroyChildren();
    this.layer.visible(false);
    this.onHint(null);
  }
}
