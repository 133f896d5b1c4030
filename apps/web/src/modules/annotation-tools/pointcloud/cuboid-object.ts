import * as THREE from 'three';
import type { Cuboid } from './cuboid-math.ts';

/**
 * A cuboid as three.js draws it: a unit box's edges with a line from the centre to the front face (the heading) in
 * one draw call, and for the selected one a faint fill; scaled to the size and turned by the heading. The fill stays
 * in the scene hidden for the others: picking (raycasting) does not look at visibility.
 */
const BOX = new THREE.BoxGeometry(1, 1, 1);
const LINES = (() => {
  const edges = new THREE.EdgesGeometry(BOX).getAttribute('position').array as Float32Array;
  const arrow = [0, 0, 0, 0.5, 0, 0, 0.5, 0, 0, 0.35, 0.15, 0, 0.5, 0, 0, 0.35, -0.15, 0];
  return new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute([...edges, ...arrow], 3));
})();

export class CuboidObject extends THREE.Group {
  readonly fill: THREE.Mesh<THREE.BoxGeometry, THREE.MeshBasicMaterial>;
  private readonly lines: THREE.LineSegments<THREE.BufferGeometry, THREE.LineBasicMaterial>;
  constructor(readonly shapeId: string) {
    super();
    this.fill = new THREE.Mesh(
      BOX,
      new THREE.MeshBasicMaterial({
        transparent: true,
        opacity: 0.08,
        depthWrite: false,
        side: THREE.DoubleSide,
        forceSinglePass: true,
      }),
    );
    this.fill.userData.shapeId = shapeId;
    this.lines = new THREE.LineSegments(LINES, new THREE.LineBasicMaterial());
    this.add(this.fill, this.lines);
  }

  /** `fill` is the opacity of the faces (0: none; the small views, which see two faces at once, want less). */
  update(cuboid: Cuboid, color: string, selected: boolean, fill = selected ? 0.22 : 0) {
    this.position.set(...cuboid.center);
    this.rotation.set(0, 0, cuboid.heading);
    this.scale.set(Math.max(cuboid.size[0], 1e-3), Math.max(cuboid.size[1], 1e-3), Math.max(cuboid.size[2], 1e-3));
    this.lines.material.color = new THREE.Color(selected ? '#ffffff' : color);
    this.fill.material.color = new THREE.Color(color);
    this.fill.material.opacity = fill;
    this.fill.visible = fill > 0;
    this.renderOrder = selected ? 2 : 1;
  }

  release() {
    this.fill.material.dispose();
    this.lines.material.dispose();
  }
}
