import * as THREE from 'three';
import { type Cuboid, cuboidAxes, MIN_SIZE, normaliseHeading, type Vec3 } from './cuboid-math.ts';

/** One of the three views of the selected cuboid. */
export type PaneName = 'top' | 'side' | 'front';
/** The views in the order they are laid out. */
export const PANES: readonly PaneName[] = ['top', 'side', 'front'];

/** A view's directions in the world: what runs to its right and up. */
export interface PaneAxes {
  right: THREE.Vector3;
  up: THREE.Vector3;
  /** Which size figure runs along the view's right and up. */
  h: 0 | 1 | 2;
  v: 0 | 1 | 2;
}

/** A view's axes for a cuboid turned by `heading` (top: its front points up; side: from its right; front: ahead). */
export function paneAxes(name: PaneName, heading: number): PaneAxes {
  const { along, across } = cuboidAxes(heading);
  const a = new THREE.Vector3(...along);
  const c = new THREE.Vector3(...across);
  const z = new THREE.Vector3(0, 0, 1);
  if (name === 'top') return { right: c.clone().negate(), up: a, h: 1, v: 0 };
  if (name === 'side') return { right: a, up: z, h: 0, v: 2 };
  return { right: c, up: z, h: 1, v: 2 };
}

/** A view on screen: its element, its camera and how it is aligned. */
export interface PaneState {
  element: HTMLElement;
  camera: THREE.OrthographicCamera;
  axes: PaneAxes;
  /** Metres per pixel. */
  scale: number;
}

/** What a drag in a view holds: the cuboid itself, the top view's outside (turn), or one edge. */
export type Grip = 'move' | 'rotate' | 'left' | 'right' | 'top' | 'bottom';

/** A drag under way: where it started and the cuboid then. */
export interface Drag {
  pane: PaneState;
  grip: Grip;
  start: Cuboid;
  x: number;
  y: number;
  angle: number;
}

/** A point in a view, in pixels from its top-left corner. */
export interface PanePoint {
  x: number;
  y: number;
}

const EDGE_PX = 6;
const vec = (v: THREE.Vector3): Vec3 => [v.x, v.y, v.z];

/** The mouse cursor over each grip (`none`: nothing to drag). */
export const GRIP_CURSORS: Record<Grip | 'none', string> = {
  move: 'move',
  rotate: 'alias',
  left: 'ew-resize',
  right: 'ew-resize',
  top: 'ns-resize',
  bottom: 'ns-resize',
  none: 'default',
};

/** Points a view's camera at the cuboid, fitting it with room around, and stores the view's axes and scale. */
export function framePane(pane: PaneState, name: PaneName, cuboid: Cuboid) {
  const centre = new THREE.Vector3(...cuboid.center);
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
}

/** The cuboid's rectangle in a view, in pixels from the view's top-left corner. */
export function paneRect(pane: PaneState, cuboid: Cuboid) {
  const width = pane.element.clientWidth;
  const height = pane.element.clientHeight;
  const p = new THREE.Vector3(...cuboid.center).project(pane.camera);
  const cx = ((p.x + 1) / 2) * width;
  const cy = ((1 - p.y) / 2) * height;
  const hw = cuboid.size[pane.axes.h] / 2 / pane.scale;
  const hh = cuboid.size[pane.axes.v] / 2 / pane.scale;
  return { cx, cy, left: cx - hw, right: cx + hw, top: cy - hh, bottom: cy + hh };
}

/** What a press at (x, y) in a view would drag: an edge near it, the cuboid under it, else the top view's turn. */
export function gripAt(pane: PaneState, cuboid: Cuboid, x: number, y: number): Grip | null {
  const r = paneRect(pane, cuboid);
  const inV = y > r.top - EDGE_PX && y < r.bottom + EDGE_PX;
  const inH = x > r.left - EDGE_PX && x < r.right + EDGE_PX;
  if (inV && Math.abs(x - r.left) <= EDGE_PX) return 'left';
  if (inV && Math.abs(x - r.right) <= EDGE_PX) return 'right';
  if (inH && Math.abs(y - r.top) <= EDGE_PX) return 'top';
  if (inH && Math.abs(y - r.bottom) <= EDGE_PX) return 'bottom';
  if (x > r.left && x < r.right && y > r.top && y < r.bottom) return 'move';
  return pane.element.dataset.view === 'top' ? 'rotate' : null;
}

/** Starts a drag of `grip` at (x, y): remembers the cuboid and the angle around its centre. */
export function startDrag(pane: PaneState, grip: Grip, cuboid: Cuboid, { x, y }: PanePoint): Drag {
  const r = paneRect(pane, cuboid);
  return { pane, grip, start: cuboid, x, y, angle: Math.atan2(-(y - r.cy), x - r.cx) };
}

/** The cuboid after dragging to `at`: moved in the view's plane, turned, or resized with the opposite edge kept. */
export function draggedCuboid(drag: Drag, at: PanePoint): Cuboid {
  const { start, pane } = drag;
  const { right, up, h, v } = pane.axes;
  const dh = (at.x - drag.x) * pane.scale;
  const dv = -(at.y - drag.y) * pane.scale;
  const centre = new THREE.Vector3(...start.center);
  const size: Vec3 = [...start.size];
  if (drag.grip === 'move') {
    centre.addScaledVector(right, dh).addScaledVector(up, dv);
  } else if (drag.grip === 'rotate') {
    const r = paneRect(pane, start);
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

/** Sets a view's data attributes: whether it shows a cuboid, its extent and box in pixels (read by tests and tools). */
export function describePane(pane: PaneState, name: PaneName, cuboid: Cuboid | null) {
  const el = pane.element;
  if (!cuboid) {
    el.removeAttribute('data-extent');
    el.dataset.showing = 'false';
    return;
  }
  const rect = paneRect(pane, cuboid);
  el.dataset.showing = 'true';
  el.dataset.extent = `${cuboid.size[pane.axes.h].toFixed(2)}x${cuboid.size[pane.axes.v].toFixed(2)}`;
  el.dataset.box = [rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top]
    .map((n) => Math.round(n))
    .join(',');
  el.dataset.view = name;
}
