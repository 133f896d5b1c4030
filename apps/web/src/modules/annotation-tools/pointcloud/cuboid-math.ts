/**
 * Geometry of cuboids in a point cloud (docs/annotation-tools.md): `center` [x, y, z], `size` [l, w, h] and `heading`
 * (radians around z, counter-clockwise from +x). The length runs along the heading, the width across it, the
 * height along z. Pure functions, no three.js.
 */

export type Vec3 = [number, number, number];
export interface Cuboid {
  center: Vec3;
  size: Vec3;
  heading: number;
}

/** Smallest edge a cuboid keeps while it is resized (metres). */
export const MIN_SIZE = 0.05;
/** A new cuboid placed with a click: a passenger car's size. */
export const DEFAULT_SIZE: Vec3 = [4.5, 1.9, 1.6];

/**
 * Indexes of the points inside the cuboid (its faces included). `positions` holds x, y, z per point. Points far
 * from the cuboid are rejected by its bounding circle and height before the rotation.
 */
export function pointsInCuboid(
  positions: ArrayLike<number>,
  cuboid: Cuboid,
  count = positions.length / 3,
): Uint32Array {
  const [cx, cy, cz] = cuboid.center;
  const hl = cuboid.size[0] / 2;
  const hw = cuboid.size[1] / 2;
  const hh = cuboid.size[2] / 2;
  const cos = Math.cos(cuboid.heading);
  const sin = Math.sin(cuboid.heading);
  const r2 = hl * hl + hw * hw;
  const eps = 1e-6;
  let found = new Uint32Array(1024);
  let n = 0;
  for (let i = 0, p = 0; i < count; i += 1, p += 3) {
    const dz = (positions[p + 2] as number) - cz;
    if (dz > hh + eps || dz < -hh - eps) continue;
    const dx = (positions[p] as number) - cx;
    const dy = (positions[p + 1] as number) - cy;
    if (dx * dx + dy * dy > r2 + eps) continue;
    const along = dx * cos + dy * sin;
    const across = -dx * sin + dy * cos;
    if (along > hl + eps || along < -hl - eps || across > hw + eps || across < -hw - eps) continue;
    if (n === found.length) {
      const grown = new Uint32Array(found.length * 2);
      grown.set(found);
      found = grown;
    }
    found[n] = i;
    n += 1;
  }
  return found.slice(0, n);
}

/** The eight corners: bottom face then top face, each front-left, front-right, rear-right, rear-left. */
export function cuboidCorners(cuboid: Cuboid): Vec3[] {
  const [cx, cy, cz] = cuboid.center;
  const [l, w, h] = cuboid.size;
  const cos = Math.cos(cuboid.heading);
  const sin = Math.sin(cuboid.heading);
  const corner = (a: number, b: number, c: number): Vec3 => [cx + a * cos - b * sin, cy + a * sin + b * cos, cz + c];
  const face = (c: number) => [
    corner(l / 2, w / 2, c),
    corner(l / 2, -w / 2, c),
    corner(-l / 2, -w / 2, c),
    corner(-l / 2, w / 2, c),
  ];
  return [...face(-h / 2), ...face(h / 2)];
}

/** The cuboid's axes in the world: along the heading, across it (to the left), and up. */
export function cuboidAxes(heading: number): { along: Vec3; across: Vec3; up: Vec3 } {
  const cos = Math.cos(heading);
  const sin = Math.sin(heading);
  return { along: [cos, sin, 0], across: [-sin, cos, 0], up: [0, 0, 1] };
}

/**
 * The ground's height: a low percentile of the points' z (a few points below the road, noise or reflections,
 * do not count). Samples at most 50,000 points.
 */
export function groundHeight(positions: ArrayLike<number>, count = positions.length / 3, percentile = 0.05): number {
  if (count === 0) return 0;
  const step = Math.max(1, Math.floor(count / 50_000));
  const zs: number[] = [];
  for (let i = 0; i < count; i += step) zs.push(positions[i * 3 + 2] as number);
  zs.sort((a, b) => a - b);
  return zs[Math.min(zs.length - 1, Math.floor(zs.length * percentile))] as number;
}

/**
 * The cuboid standing on the ground whose footprint is the rectangle dragged from `a` to `b` (x, y on the ground,
 * axis-aligned, heading 0); a short drag places a cuboid of the default size centred on `a`.
 */
export function cuboidFromDrag(
  a: [number, number],
  b: [number, number],
  ground: number,
  height = DEFAULT_SIZE[2],
): Cuboid {
  const l = Math.abs(b[0] - a[0]);
  const w = Math.abs(b[1] - a[1]);
  if (l < 0.3 || w < 0.3) {
    return { center: [a[0], a[1], ground + DEFAULT_SIZE[2] / 2], size: [...DEFAULT_SIZE], heading: 0 };
  }
  return { center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, ground + height / 2], size: [l, w, height], heading: 0 };
}

/** An angle folded into (-π, π]. */
export function normaliseHeading(angle: number): number {
  const turn = Math.PI * 2;
  let a = angle % turn;
  if (a <= -Math.PI) a += turn;
  if (a > Math.PI) a -= turn;
  return a;
}

/** A cuboid with every figure rounded to millimetres (and milliradians), as the result stores it. */
export function roundCuboid<T extends Cuboid>(cuboid: T): T {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    ...cuboid,
    center: cuboid.center.map(r) as Vec3,
    size: cuboid.size.map((n) => Math.max(MIN_SIZE, r(n))) as Vec3,
    heading: r(normaliseHeading(cuboid.heading)),
  };
}
