import * as THREE from 'three';
import type { Cuboid } from './cuboid-math.ts';
import { cuboidNeighbourhood, type Neighbourhood, paintNeighbourhood } from './cuboid-neighbourhood.ts';
import { CuboidObject } from './cuboid-object.ts';
import {
  type Drag,
  describePane,
  draggedCuboid,
  framePane,
  GRIP_CURSORS,
  gripAt,
  PANES,
  type PaneName,
  type PanePoint,
  type PaneState,
  paneAxes,
  startDrag,
} from './ortho-panes.ts';
import type { PointCloud } from './parse-cloud.ts';

export { PANES, type PaneName } from './ortho-panes.ts';

/** What the ortho views report to the workspace. */
export interface OrthoEvents {
  /** The cuboid while it is dragged (not committed). */
  preview: (cuboid: Cuboid) => void;
  /** The cuboid when the drag ends. */
  commit: (cuboid: Cuboid) => void;
  /** Points inside the shown cuboid, as indexes of the whole cloud. */
  inside: (indexes: Uint32Array) => void;
}

const ORTHO_FILL = 0.05;

/**
 * The top, side and front views of the selected cuboid: orthographic cameras aligned with it (ortho-panes.ts for
 * their geometry). They draw only the points around the cuboid (its neighbourhood, found once per selection), with
 * the points inside it highlighted. A drag inside the cuboid moves it in the view's plane, a drag on an edge
 * resizes it (the opposite edge stays), a drag outside it in the top view turns it. The views' cameras stay still
 * during a drag.
 */
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
  private near: Neighbourhood = { indexes: new Uint32Array(0), positions: new Float32Array(0) };
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
    this.near = cuboidNeighbourhood(this.cloud.positions, cuboid);
    this.nearColors = new Uint8Array(this.near.indexes.length * 3);
    const base = this.baseColors();
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(this.near.positions, 3));
    geometry.setAttribute('color', new THREE.BufferAttribute(this.nearColors, 3, true));
    this.points.geometry.dispose();
    this.points.geometry = geometry;
    this.paintInside(cuboid, base);
  }

  /** Highlights the points of the neighbourhood inside the cuboid and reports them (whole-cloud indexes). */
  private paintInside(cuboid: Cuboid, base = this.baseColors()) {
    const global = paintNeighbourhood(this.near, this.nearColors, base, cuboid);
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
      PANES.forEach((name, index) => {
        framePane(this.panes[index] as PaneState, name, cuboid);
      });
    }
    this.describe();
    this.invalidate();
  }

  /** The panes' data attributes: which cuboid they show and its extent in each (read by tests and tools). */
  private describe() {
    PANES.forEach((name, index) => {
      describePane(this.panes[index] as PaneState, name, this.cuboid);
    });
  }

  /** Draws the views again on the next animation frame. */
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

  private local(event: PointerEvent, pane: PaneState): PanePoint {
    const r = pane.element.getBoundingClientRect();
    return { x: event.clientX - r.left, y: event.clientY - r.top };
  }

  private onDown(event: PointerEvent, pane: PaneState) {
    const cuboid = this.cuboid;
    if (!cuboid || !this.editable || event.button !== 0) return;
    const at = this.local(event, pane);
    const grip = gripAt(pane, cuboid, at.x, at.y);
    if (!grip) return;
    this.drag = startDrag(pane, grip, cuboid, at);
    pane.element.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  private onMove(event: PointerEvent, pane: PaneState) {
    const drag = this.drag;
    if (!drag) {
      const cuboid = this.cuboid;
      const { x, y } = this.local(event, pane);
      const grip = cuboid && this.editable ? gripAt(pane, cuboid, x, y) : null;
      pane.element.style.cursor = GRIP_CURSORS[grip ?? 'none'];
      return;
    }
    this.cuboid = draggedCuboid(drag, this.local(event, drag.pane));
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
    const cuboid = Math.hypot(at.x - drag.x, at.y - drag.y) < 2 ? drag.start : draggedCuboid(drag, at);
    this.cuboid = cuboid;
    this.frameCameras();
    if (cuboid !== drag.start) this.events.commit(cuboid);
    else this.paintInside(cuboid);
  }

  /** Stops listening and frees the renderer, its canvas and the geometry. */
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
