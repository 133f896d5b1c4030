import * as THREE from 'three';
import { HIGHLIGHT } from './cloud-colors.ts';
import { type Cuboid, cuboidAxes, MIN_SIZE, normaliseHeading, pointsInCuboid, type Vec3 } from './cuboid-math.ts';
import { CuboidObject } from './cuboid-object.ts';
import type { PointCloud } from './parse-cloud.ts';

/**
 * The top, side and front views of the selected cuboid: orthographic cameras aligned with it (top: its front
 * points up; side: seen from its right, front to the right; front: seen from ahead). They draw only the points
 * around the cuboid (its neighbourhood, found once per selection), with the points inside it highlighted. A drag
 * inside the cuboid moves it in the view's plane, a drag on an edge resizes it (the opposite edge stays), a drag
 * outside it in the top view turns it. The views' cameras stay still during a drag.
 */
export type PaneName = 'top' | 'side' | 'front';
export const PANES: readonly PaneName[] = ['top', 'side', 'front'];

interface PaneAxes {
  right: THREE.Vector3;
  up: THREE.Vector3;
  /** Which size figure runs along the view's right and up. */
  h: 0 | 1 | 2;
  v: 0 | 1 | 2;
}

function paneAxes(name: PaneName, heading: number): PaneAxes {
  const { along, across } = cuboidAxes(heading);
  const a = new THREE.Vector3(...along);
  const c = new THREE.Vector3(...across);
  const z = new THREE.Vector3(0, 0, 1);
  if (name === 'top') return { right: c.clone().negate(), up: a, h: 1, v: 0 };
  if (name === 'side') return { right: a, up: z, h: 0, v: 2 };
  return { right: c, up: z, h: 1, v: 2 };
}

interface PaneState {
  element: HTMLElement;
  camera: THREE.OrthographicCamera;
  axes: PaneAxes;
  /** Metres per pixel. */
  scale: number;
}

type Grip = 'move' | 'rotate' | 'left' | 'right' | 'top' | 'bottom';
interface Drag {
  pane: PaneState;
  grip: Grip;
  start: Cuboid;
  x: number;
  y: number;
  angle: number;
}

export interface OrthoEvents {
  /** The cuboid while it is dragged (not committed). */
  preview: (cuboid: Cuboid) => void;
  /** The cuboid when the drag ends. */
  commit: (cuboid: Cuboid) => void;
  /** Points inside the shown cuboid, as indexes of the whole cloud. */
  inside: (indexes: Uint32Array) => void;
}

const EDGE_PX = 6;
const ORTHO_FILL = 0.05;
const vec = (v: THREE.Vector3): Vec3 => [v.x, v.y, v.z];

export class OrthoViews {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene = new THREE.Scene();
  private readonly points: THREE.Points<THREE.BufferGeometry, THREE.PointsMaterial>;
  private readonly object = new CuboidObject('ortho');
  private readonly panes: PaneState[];
  private readonly observer: ResizeObserver;
  private cuboid: Cuboid | null = null;
  private editable = false;
  private color = '#ffffff';
  private near: Uint32Array = new Uint32Array(0);
  private nearPositions = new Float32Array(0);
  private nearColors = new Uint8Array(0);
  private drag: Drag | null = null;
  private frame = 0;

  constructor(
    private readonly host: HTMLElement,
    elements: Record<PaneName, HTMLElement>,
    private readonly cloud: PointCloud,
    private baseColors: () => Uint8Array,
    private readonly events: OrthoEvents,
  ) {
    this.renderer = new THREE.WebGLRenderer({ antialias: false });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 1.5));
    this.renderer.setScissorTest(true);
    const canvas = this.renderer.domElement;
    Object.assign(canvas.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
    host.appendChild(canvas);
    this.points = new THREE.Points(
      new THREE.BufferGeometry(),
      new THREE.PointsMaterial({ size: 3, sizeAttenuation: false, vertexColors: true }),
    );
    this.points.frustumCulled = false;
    this.scene.add(this.points, this.object);
    this.panes = PANES.map((name) => {
      const element = elements[name];
      element.addEventListener('pointerdown', (e) => this.onDown(e, pane));
      element.addEventListener('pointermove', (e) => this.onMove(e, pane));
      element.addEventListener('pointerup', (e) => this.onUp(e));
      const pane: PaneState = {
        element,
        camera: new THREE.OrthographicCamera(-1, 1, 1, -1, 0.1, 1000),
        axes: paneAxes(name, 0),
        scale: 0.05,
      };
      return pane;
    });
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(host);
    this.resize();
  }

  private resize() {
    this.renderer.setSize(Math.max(1, this.host.clientWidth), Math.max(1, this.host.clientHeight));
    this.frameCameras();
  }

  /** Shows a cuboid (null: none). `fresh` finds its neighbourhood again (a new selection or a committed change). */
  show(cuboid: Cuboid | null, color: string, editable: boolean, fresh: boolean) {
    this.editable = editable;
    this.color = color;
    if (this.drag) return;
    this.cuboid = cuboid;
    if (cuboid && fresh) this.findNeighbourhood(cuboid);
    this.frameCameras();
  }

  /** Colours changed (another colour mode): repaint the neighbourhood. */
  repaint() {
    if (this.cuboid) this.findNeighbourhood(this.cuboid);
    this.invalidate();
  }

  private findNeighbourhood(cuboid: Cuboid) {
    const [l, w, h] = cuboid.size;
    const margin = Math.max(2, Math.max(l, w, h) * 0.6);
    this.near = pointsInCuboid(this.cloud.positions, {
      ...cuboid,
      size: [l + margin * 2, w + margin * 2, h + margin * 2],
    });
    const n = this.near.length;
    this.nearPositions = new Float32Array(n * 3);
    this.nearColors = new Uint8Array(n * 3);
    const base = this.baseColors();
    for (let k = 0; k < n; k += 1) {
      const i = (this.near[k] as number) * 3;
      this.nearPositions.set(this.cloud.positions.subarray(i, i + 3), k * 3);
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(this.nearPositions, 3));
    geometry.setAttribute('color', new THREE.BufferAttribute(this.nearColors, 3, true));
    this.points.geometry.dispose();
    this.points.geometry = geometry;
    this.paintInside(cuboid, base);
  }

  /** Highlights the points of the neighbourhood inside the cuboid and reports them (whole-cloud indexes). */
  private paintInside(cuboid: Cuboid, base = this.baseColors()) {
    const inside = pointsInCuboid(this.nearPositions, cuboid);
    const colors = this.nearColors;
    for (let k = 0; k < this.near.length; k += 1) {
      const i = (this.near[k] as number) * 3;
      colors[k * 3] = base[i] as number;
      colors[k * 3 + 1] = base[i + 1] as number;
      colors[k * 3 + 2] = base[i + 2] as number;
    }
    const global = new Uint32Array(inside.length);
    for (let k = 0; k < inside.length; k += 1) {
      const at = (inside[k] as number) * 3;
      colors.set(HIGHLIGHT, at);
      global[k] = this.near[inside[k] as number] as number;
    }
    const attribute = this.points.geometry.getAttribute('color');
    if (attribute) attribute.needsUpdate = true;
    this.events.inside(global);
  }

  /** Points each pane's camera at the cuboid, fitting it with room around. */
  private frameCameras() {
    const cuboid = this.cuboid;
    this.points.visible = !!cuboid;
    this.object.visible = !!cuboid;
    if (cuboid) {
      this.object.update(cuboid, this.color, true, ORTHO_FILL);
      const centre = new THREE.Vector3(...cuboid.center);
      PANES.forEach((name, index) => {
        const pane = this.panes[index] as PaneState;
        const axes = paneAxes(name, cuboid.heading);
        const width = Math.max(1, pane.element.clientWidth);
        const height = Math.max(1, pane.element.clientHeight);
        const scale = Math.max((cuboid.size[axes.h] * 1.6 + 1) / width, (cuboid.size[axes.v] * 1.6 + 1) / height);
        const back = axes.right.clone().cross(axes.up);
        const camera = pane.camera;
        camera.left = (-width * scale) / 2;
        camera.right = (width * scale) / 2;
        camera.top = (height * scale) / 2;
        camera.bottom = (-height * scale) / 2;
        camera.position.copy(centre).addScaledVector(back, 100);
        camera.up.copy(axes.up);
        camera.lookAt(centre);
        camera.updateProjectionMatrix();
        camera.updateMatrixWorld();
        pane.axes = axes;
        pane.scale = scale;
      });
    }
    this.describe();
    this.invalidate();
  }

  /** The panes' data attributes: which cuboid they show and its extent in each (read by tests and tools). */
  private describe() {
    PANES.forEach((name, index) => {
      const pane = this.panes[index] as PaneState;
      const el = pane.element;
      const cuboid = this.cuboid;
      if (!cuboid) {
        el.removeAttribute('data-extent');
        el.dataset.showing = 'false';
        return;
      }
      const rect = this.rectOf(pane, cuboid);
      el.dataset.showing = 'true';
      el.dataset.extent = `${cuboid.size[pane.axes.h].toFixed(2)}x${cuboid.size[pane.axes.v].toFixed(2)}`;
      el.dataset.box = [rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top]
        .map((n) => Math.round(n))
        .join(',');
      el.dataset.view = name;
    });
  }

  invalidate() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private render() {
    const hostRect = this.host.getBoundingClientRect();
    const height = hostRect.height;
    this.renderer.setScissor(0, 0, hostRect.width, height);
    this.renderer.setClearColor('#10131a');
    this.renderer.clear();
    if (!this.cuboid) return;
    for (const pane of this.panes) {
      const r = pane.element.getBoundingClientRect();
      const x = r.left - hostRect.left;
      const y = height - (r.bottom - hostRect.top);
      this.renderer.setViewport(x, y, r.width, r.height);
      this.renderer.setScissor(x, y, r.width, r.height);
      this.renderer.render(this.scene, pane.camera);
    }
  }

  /** The cuboid's rectangle in a pane, in pixels from the pane's top-left corner. */
  private rectOf(pane: PaneState, cuboid: Cuboid) {
    const width = pane.element.clientWidth;
    const height = pane.element.clientHeight;
    const p = new THREE.Vector3(...cuboid.center).project(pane.camera);
    const cx = ((p.x + 1) / 2) * width;
    const cy = ((1 - p.y) / 2) * height;
    const hw = cuboid.size[pane.axes.h] / 2 / pane.scale;
    const hh = cuboid.size[pane.axes.v] / 2 / pane.scale;
    return { cx, cy, left: cx - hw, right: cx + hw, top: cy - hh, bottom: cy + hh };
  }

  private gripAt(pane: PaneState, cuboid: Cuboid, x: number, y: number): Grip | null {
    const r = this.rectOf(pane, cuboid);
    const inV = y > r.top - EDGE_PX && y < r.bottom + EDGE_PX;
    const inH = x > r.left - EDGE_PX && x < r.right + EDGE_PX;
    if (inV && Math.abs(x - r.left) <= EDGE_PX) return 'left';
    if (inV && Math.abs(x - r.right) <= EDGE_PX) return 'right';
    if (inH && Math.abs(y - r.top) <= EDGE_PX) return 'top';
    if (inH && Math.abs(y - r.bottom) <= EDGE_PX) return 'bottom';
    if (x > r.left && x < r.right && y > r.top && y < r.bottom) return 'move';
    return pane.element.dataset.view === 'top' ? 'rotate' : null;
  }

  private local(event: PointerEvent, pane: PaneState) {
    const r = pane.element.getBoundingClientRect();
    return { x: event.clientX - r.left, y: event.clientY - r.top };
  }

  private onDown(event: PointerEvent, pane: PaneState) {
    const cuboid = this.cuboid;
    if (!cuboid || !this.editable || event.button !== 0) return;
    const { x, y } = this.local(event, pane);
    const grip = this.gripAt(pane, cuboid, x, y);
    if (!grip) return;
    const r = this.rectOf(pane, cuboid);
    this.drag = { pane, grip, start: cuboid, x, y, angle: Math.atan2(-(y - r.cy), x - r.cx) };
    pane.element.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  private onMove(event: PointerEvent, pane: PaneState) {
    const drag = this.drag;
    if (!drag) {
      const cuboid = this.cuboid;
      const { x, y } = this.local(event, pane);
      const grip = cuboid && this.editable ? this.gripAt(pane, cuboid, x, y) : null;
      pane.element.style.cursor = CURSORS[grip ?? 'none'];
      return;
    }
    this.cuboid = this.dragged(drag, this.local(event, drag.pane));
    this.object.update(this.cuboid, this.color, true, ORTHO_FILL);
    this.paintInside(this.cuboid);
    this.events.preview(this.cuboid);
    this.describe();
    this.invalidate();
  }

  private onUp(event: PointerEvent) {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    const at = this.local(event, drag.pane);
    // A click without a move changes nothing (and makes no undo step).
    const cuboid = Math.hypot(at.x - drag.x, at.y - drag.y) < 2 ? drag.start : this.dragged(drag, at);
    this.cuboid = cuboid;
    this.frameCameras();
    if (cuboid !== drag.start) this.events.commit(cuboid);
    else this.paintInside(cuboid);
  }

  private dragged(drag: Drag, at: { x: number; y: number }): Cuboid {
    const { start, pane } = drag;
    const { right, up, h, v } = pane.axes;
    const dh = (at.x - drag.x) * pane.scale;
    const dv = -(at.y - drag.y) * pane.scale;
    const centre = new THREE.Vector3(...start.center);
    const size: Vec3 = [...start.size];
    if (drag.grip === 'move') {
      centre.addScaledVector(right, dh).addScaledVector(up, dv);
    } else if (drag.grip === 'rotate') {
      const r = this.rectOf(pane, start);
      const angle = Math.atan2(-(at.y - r.cy), at.x - r.cx);
      return { ...start, heading: normaliseHeading(start.heading + angle - drag.angle) };
    } else {
      const horizontal = drag.grip === 'left' || drag.grip === 'right';
      const sign = drag.grip === 'right' || drag.grip === 'top' ? 1 : -1;
      const index = horizontal ? h : v;
      const next = Math.max(MIN_SIZE, start.size[index] + sign * (horizontal ? dh : dv));
      centre.addScaledVector(horizontal ? right : up, (sign * (next - start.size[index])) / 2);
      size[index] = next;
    }
    return { ...start, center: vec(centre), size };
  }

  dispose() {
    cancelAnimationFrame(this.frame);
    this.observer.disconnect();
    this.points.geometry.dispose();
    this.points.material.dispose();
    this.object.release();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }
}

const CURSORS: Record<Grip | 'none', string> = {
  move: 'move',
  rotate: 'alias',
  left: 'ew-resize',
  right: 'ew-resize',
  top: 'ns-resize',
  bottom: 'ns-resize',
  none: 'default',
};
