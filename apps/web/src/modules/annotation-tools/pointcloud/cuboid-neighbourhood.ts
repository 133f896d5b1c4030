import { HIGHLIGHT } from './cloud-colors.ts';
import { type Cuboid, pointsInCuboid } from './cuboid-math.ts';

/** The points around a cuboid: their whole-cloud indexes and a copy of their positions (x, y, z each). */
export interface Neighbourhood {
  indexes: Uint32Array;
  positions: Float32Array;
}

/** The points within a margin around the cuboid (60 % of its longest edge, at least 2 m). Pure, no three.js. */
export function cuboidNeighbourhood(cloudPositions: Float32Array, cuboid: Cuboid): Neighbourhood {
  const [l, w, h] = cuboid.size;
  const margin = Math.max(2, Math.max(l, w, h) * 0.6);
  const indexes = pointsInCuboid(cloudPositions, {
    ...cuboid,
    size: [l + margin * 2, w + margin * 2, h + margin * 2],
  });
  const n = indexes.length;
  const positions = new Float32Array(n * 3);
  for (let k = 0; k < n; k += 1) {
    const i = (indexes[k] as number) * 3;
    positions.set(cloudPositions.subarray(i, i + 3), k * 3);
  }
  return { indexes, positions };
}

/**
 * Fills `colors` (r, g, b per neighbourhood point) from the cloud's colours `base`, with the points inside the
 * cuboid in the highlight colour; returns those points as whole-cloud indexes.
 */
export function paintNeighbourhood(near: Neighbourhood, colors: Uint8Array, base: Uint8Array, cuboid: Cuboid) {
  const inside = pointsInCuboid(near.positions, cuboid);
  for (let k = 0; k < near.indexes.length; k += 1) {
    const i = (near.indexes[k] as number) * 3;
    colors[k * 3] = base[i] as number;
    colors[k * 3 + 1] = base[i + 1] as number;
    colors[k * 3 + 2] = base[i + 2] as number;
  }
  const global = new Uint32Array(inside.length);
  for (let k = 0; k < inside.length; k += 1) {
    const at = (inside[k] as number) * 3;
    colors.set(HIGHLIGHT, at);
    global[k] = near.indexes[inside[k] as number] as number;
  }
  return global;
}
