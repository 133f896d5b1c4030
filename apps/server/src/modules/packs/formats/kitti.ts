import type { FormatWriter, PackFormatDef, PackItem, StreamText, WholeFile } from './pack-format.ts';
import { num, otherKind, type Shape, type SkipState, skip, skippedFile, stemOf } from './shape-geometry.ts';

/**
 * KITTI object labels (docs/packs.md, "Formats"): `label_2/<stem>.txt` per point cloud (one frame), one cuboid a line:
 * `type truncated occluded alpha left top right bottom h w l x y z rotation_y`.
 * Our cuboids are in the cloud's own frame (x forward, y left, z up; `center`, `size` [l, w, h], `heading`
 * counter-clockwise around z from +x). Without a calibration, the cloud's frame is turned into KITTI's camera axes
 * (x right, y down, z forward) by the nominal swap: x_cam = −y, y_cam = −z, z_cam = x; `location` is the box's
 * bottom centre (y_cam + h/2), `rotation_y` = −heading − π/2 and alpha = rotation_y − atan2(x_cam, z_cam), both
 * wrapped to [−π, π); dimensions h, w, l in metres. truncated 0, occluded 1 when the shape's `occluded` attribute is
 * set, else 0; no camera image, so the 2D box is 0 0 0 0. type is the label (spaces → `_`, `DontCare` when none).
 */

const PI = Math.PI;
const wrap = (a: number) => {
  const r = (((a + PI) % (2 * PI)) + 2 * PI) % (2 * PI);
  return r - PI;
};

export interface Cuboid {
  center: [number, number, number];
  size: [number, number, number];
  heading: number;
}

/** One KITTI label line for a cuboid (see the file comment for the mapping). */
export function kittiLine(type: string, occluded: boolean, c: Cuboid): string {
  const [x, y, z] = c.center;
  const [l, w, h] = c.size;
  const loc = [-y, -z + h / 2, x];
  const rotationY = wrap(-c.heading - PI / 2);
  const alpha = wrap(rotationY - Math.atan2(loc[0]!, loc[2]!));
  const f3 = (n: number) => (Math.abs(n) < 5e-4 ? 0 : n).toFixed(3);
  const f4 = (n: number) => (Math.abs(n) < 5e-5 ? 0 : n).toFixed(4);
  return [
    type,
    '0.00',
    occluded ? 1 : 0,
    f4(alpha),
    '0.00 0.00 0.00 0.00',
    f3(h),
    f3(w),
    f3(l),
    ...loc.map(f3),
    f4(rotationY),
  ].join(' ');
}

function cuboidOf(shape: Shape): Cuboid | null {
  const { center, size } = shape as { center?: unknown; size?: unknown };
  const heading = num(shape.heading);
  const triple = (v: unknown) =>
    Array.isArray(v) && v.length === 3 && v.every((n) => num(n) !== null) ? (v as [number, number, number]) : null;
  const c = triple(center);
  const s = triple(size);
  return c && s && heading !== null ? { center: c, size: s, heading } : null;
}

function labelFile(p: PackItem): string {
  let out = '';
  for (const shape of p.result?.shapes ?? []) {
    if (shape.type !== 'cuboid') continue;
    const cuboid = cuboidOf(shape);
    if (!cuboid) continue;
    const type =
      typeof shape.label === 'string' && shape.label.trim() ? shape.label.trim().replace(/\s+/g, '_') : 'DontCare';
    const occluded = (shape.attributes as { occluded?: unknown } | undefined)?.occluded === true;
    out += `${kittiLine(type, occluded, cuboid)}\n`;
  }
  return out;
}

interface KittiState extends SkipState {
  frames: number;
}

const README = `KITTI object labels, one file per point cloud in label_2/ (15 fields a line:
type truncated occluded alpha left top right bottom h w l x y z rotation_y).
No calibration: the point cloud's frame (x forward, y left, z up) is mapped to KITTI's camera axes
(x right, y down, z forward) by x_cam = -y, y_cam = -z, z_cam = x; location is the box's bottom centre;
rotation_y = -heading - pi/2; the 2D box is 0 0 0 0 (no camera image).
`;

const writer: FormatWriter<KittiState> = {
  init: () => ({ frames: 0, skipped: 0 }),
  write(items, state) {
    const append: StreamText[] = [];
    const files: WholeFile[] = [];
    for (const p of items) {
      if (!p.result) continue;
      if (otherKind(p, 'point_cloud')) {
        skip(state, append, p, 'not a point cloud');
        continue;
      }
      files.push({ path: `label_2/${stemOf(p.item.name)}.txt`, content: labelFile(p) });
      state.frames += 1;
    }
    return { append, files };
  },
  finish: (state) => ({ files: [{ path: 'README_kitti.txt', content: README }], assembled: skippedFile(state) }),
};

export const kittiFormat: PackFormatDef = {
  id: 'kitti',
  fits: (t) => t.mediaKinds.includes('point_cloud') && t.shapeTypes.includes('cuboid'),
  writer,
};
