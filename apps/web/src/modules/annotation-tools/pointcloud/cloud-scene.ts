import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { type ColorMode, cloudColors, HIGHLIGHT } from './cloud-colors.ts';
import { type Cuboid, cuboidFromDrag, groundHeight } from './cuboid-math.ts';
import { CuboidObject } from './cuboid-object.ts';
import type { PointCloud } from './parse-cloud.ts';

/** The view counts as moving until this long after the last camera change (ms). */
const REST_MS = 400;
const MIN_BUDGET = 10_000;

export interface SceneCuboid {
  id: string;
  cuboid: Cuboid;
  color: string;
  hidden: boolean;
}

export interface MainViewEvents {
  /** A click on a cuboid (its id) or on empty space (null). */
  select: (id: string | null) => void;
  /** A cuboid drawn in add mode (a drag on the ground, or a click: the default size). */
  create: (cuboid: Cuboid) => void;
}

/**
 * The orbit view: the whole cloud as THREE.Points (one draw call, bytes for colours), the cuboids, orbit controls
 * (z up), and in add mode a drag on the ground plane that draws a new cuboid's footprint. Renders on demand: once
 * per animation frame after something changed.
 */
export class MainView {
  readonly renderer: THREE.WebGLRenderer;
  readonly camera: THREE.PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly ground: number;
  private readonly scene = new THREE.Scene();
  private readonly geometry = new THREE.BufferGeometry();
  private readonly colors: THREE.BufferAttribute;
  private base: Uint8Array;
  private highlighted: ArrayLike<number> = [];
  private readonly objects = new Map<string, CuboidObject>();
  private readonly preview = new CuboidObject('preview');
  private readonly observer: ResizeObserver;
  private frame = 0;
  private adding = false;
  private down: { x: number; y: number; ground: THREE.Vector3 | null } | null = null;
  private budget = 150_000;
  private moving = false;
  private lastFrame = 0;
  private restTimer = 0;
  /** Frames drawn, points drawn in all of them, points in the last one (the bench reads them). */
  frames = 0;
  pointsDrawn = 0;
  drawn = 0;

  constructor(
    private readonly host: HTMLElement,
    private readonly cloud: PointCloud,
    private readonly events: MainViewEvents,
  ) {
    this.renderer = new THREE.WebGLRenderer({ antialias: false, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 1.5));
    this.renderer.setClearColor('#10131a');
    host.appendChild(this.renderer.domElement);
    this.renderer.domElement.style.display = 'block';
    this.ground = groundHeight(cloud.positions, cloud.count);

    this.geometry.setAttribute('position', new THREE.BufferAttribute(cloud.positions, 3));
    this.base = cloudColors(cloud, 'height');
    // Float colours: SwiftShader (no GPU) draws them several times faster than normalised RGB bytes.
    this.colors = new THREE.BufferAttribute(new Float32Array(cloud.count * 3), 3);
    this.copyBase();
    this.geometry.setAttribute('color', this.colors);
    const [minX, minY, minZ] = cloud.min;
    const [maxX, maxY, maxZ] = cloud.max;
    const centre = new THREE.Vector3((minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2);
    const radius = Math.max(1, Math.hypot(maxX - minX, maxY - minY, maxZ - minZ) / 2);
    this.geometry.boundingSphere = new THREE.Sphere(centre, radius);
    const material = new THREE.PointsMaterial({ size: 2, sizeAttenuation: false, vertexColors: true });
    this.scene.add(new THREE.Points(this.geometry, material));
    this.preview.visible = false;
    this.scene.add(this.preview);

    this.camera = new THREE.PerspectiveCamera(55, 1, 0.1, radius * 20);
    this.camera.up.set(0, 0, 1);
    this.camera.position.set(centre.x - radius * 0.9, centre.y - radius * 0.9, centre.z + radius * 0.8);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.target.copy(centre);
    this.controls.update();
    this.controls.addEventListener('change', () => this.invalidate(true));

    const canvas = this.renderer.domElement;
    canvas.addEventListener('pointerdown', this.onDown);
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(host);
    this.resize();
  }

  private resize() {
    const width = Math.max(1, this.host.clientWidth);
    const height = Math.max(1, this.host.clientHeight);
    this.renderer.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.invalidate();
  }

  /** The points' colours for the colour mode, without the highlight. */
  get baseColors(): Uint8Array {
    return this.base;
  }

  /**
   * Draws on the next animation frame. While the view moves only the first `budget` points are drawn (the worker
   * shuffled them, so they are a uniform sample); the budget follows the time between frames (fewer points when
   * frames come later than every 30 ms, more below 20 ms: the view holds 33 frames per second or more). The whole cloud is drawn once the view rests.
   */
  invalidate(moving = false) {
    if (moving) {
      this.moving = true;
      clearTimeout(this.restTimer);
      this.restTimer = window.setTimeout(() => {
        this.restTimer = 0;
        this.invalidate();
      }, REST_MS);
    }
    if (this.frame) return;
    this.frame = requestAnimationFrame((time) => {
      this.frame = 0;
      const lively = this.moving || this.restTimer !== 0;
      this.moving = false;
      if (lively && this.lastFrame > 0) {
        const gap = time - this.lastFrame;
        if (gap > 30) this.budget = Math.max(MIN_BUDGET, Math.round(this.budget * 0.7));
        else if (gap < 20) this.budget = Math.min(this.cloud.count, Math.round(this.budget * 1.1));
      }
      this.drawn = lively ? Math.min(this.budget, this.cloud.count) : this.cloud.count;
      this.geometry.setDrawRange(0, this.drawn);
      this.renderer.render(this.scene, this.camera);
      this.lastFrame = lively ? time : 0;
      this.frames += 1;
      this.pointsDrawn += this.drawn;
    });
  }

  setColorMode(mode: ColorMode) {
    this.base = cloudColors(this.cloud, mode, this.base);
    this.copyBase();
    this.paintHighlight(this.highlighted);
  }

  private copyBase() {
    const array = this.colors.array as Float32Array;
    for (let i = 0; i < array.length; i += 1) array[i] = (this.base[i] as number) / 255;
  }

  /** Paints the given points (global indexes) in the highlight colour, the previous ones back in theirs. */
  setHighlight(indexes: ArrayLike<number>) {
    const array = this.colors.array as Float32Array;
    for (let k = 0; k < this.highlighted.length; k += 1) {
      const at = (this.highlighted[k] as number) * 3;
      array[at] = (this.base[at] as number) / 255;
      array[at + 1] = (this.base[at + 1] as number) / 255;
      array[at + 2] = (this.base[at + 2] as number) / 255;
    }
    this.paintHighlight(indexes);
  }

  private paintHighlight(indexes: ArrayLike<number>) {
    const array = this.colors.array as Float32Array;
    for (let k = 0; k < indexes.length; k += 1) {
      const at = (indexes[k] as number) * 3;
      array[at] = HIGHLIGHT[0] / 255;
      array[at + 1] = HIGHLIGHT[1] / 255;
      array[at + 2] = HIGHLIGHT[2] / 255;
    }
    this.highlighted = indexes;
    this.colors.needsUpdate = true;
    this.invalidate();
  }

  setCuboids(list: readonly SceneCuboid[], selectedId: string | null) {
    const seen = new Set<string>();
    for (const item of list) {
      if (item.hidden) continue;
      seen.add(item.id);
      let object = this.objects.get(item.id);
      if (!object) {
        object = new CuboidObject(item.id);
        this.objects.set(item.id, object);
        this.scene.add(object);
      }
      object.update(item.cuboid, item.color, item.id === selectedId);
    }
    for (const [id, object] of this.objects) {
      if (seen.has(id)) continue;
      this.scene.remove(object);
      object.release();
      this.objects.delete(id);
    }
    this.invalidate();
  }

  setAdding(on: boolean) {
    this.adding = on;
    this.controls.enabled = !on;
    this.renderer.domElement.style.cursor = on ? 'crosshair' : '';
    if (!on) this.preview.visible = false;
    this.invalidate();
  }

  /** Looks at a point from the current direction (after a cuboid is selected in the list). */
  focus(point: readonly [number, number, number]) {
    const target = new THREE.Vector3(...point);
    this.camera.position.add(target.clone().sub(this.controls.target));
    this.controls.target.copy(target);
    this.controls.update();
  }

  private ray(event: PointerEvent) {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1,
    );
    const raycaster = new THREE.Raycaster();
    raycaster.setFromCamera(ndc, this.camera);
    return raycaster;
  }

  private groundAt(event: PointerEvent): THREE.Vector3 | null {
    const plane = new THREE.Plane(new THREE.Vector3(0, 0, 1), -this.ground);
    return this.ray(event).ray.intersectPlane(plane, new THREE.Vector3());
  }

  private onDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    this.down = { x: event.clientX, y: event.clientY, ground: this.adding ? this.groundAt(event) : null };
    if (this.adding) this.renderer.domElement.setPointerCapture(event.pointerId);
  };

  private onMove = (event: PointerEvent) => {
    if (!this.adding || !this.down?.ground) return;
    const here = this.groundAt(event);
    if (!here) return;
    const a = this.down.ground;
    this.preview.update(cuboidFromDrag([a.x, a.y], [here.x, here.y], this.ground), '#ffd666', true);
    this.preview.visible = true;
    this.invalidate();
  };

  private onUp = (event: PointerEvent) => {
    const down = this.down;
    this.down = null;
    if (!down || event.button !== 0) return;
    if (this.adding) {
      this.preview.visible = false;
      const here = this.groundAt(event);
      if (down.ground && here)
        this.events.create(cuboidFromDrag([down.ground.x, down.ground.y], [here.x, here.y], this.ground));
      this.invalidate();
      return;
    }
    if (Math.hypot(event.clientX - down.x, event.clientY - down.y) > 4) return;
    const fills = [...this.objects.values()].map((o) => o.fill);
    const hit = this.ray(event).intersectObjects(fills, false)[0];
    this.events.select((hit?.object.userData.shapeId as string | undefined) ?? null);
  };

  dispose() {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.restTimer);
    this.observer.disconnect();
    this.controls.dispose();
    for (const object of this.objects.values()) object.release();
    this.preview.release();
    this.geometry.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }
}
