import { describe, expect, it } from 'vitest';
import { HIGHLIGHT } from './cloud-colors.ts';
import type { Cuboid } from './cuboid-math.ts';
import { cuboidNeighbourhood, paintNeighbourhood } from './cuboid-neighbourhood.ts';

// A 4 x 2 x 1.6 cuboid at (10, 20, 1) turned 90°: it runs along y (18..22), across x (9..11), up z (0.2..1.8).
const cuboid: Cuboid = { center: [10, 20, 1], size: [4, 2, 1.6], heading: Math.PI / 2 };

// The margin is 60 % of the longest edge (2.4 m), so the neighbourhood reaches y = 24.4.
const cloud = new Float32Array(
  [
    [10, 21.99, 1], // 0: just inside its front
    [10, 22.02, 1], // 1: just outside its front
    [10.99, 20, 1], // 2: just inside its side
    [11.02, 20, 1], // 3: just outside its side
    [11.9, 20.5, 1], // 4: inside if it were not turned, outside as it is
    [10, 20, 1.85], // 5: just above it
    [50, 50, 1], // 6: far away
    [10, 20, 1], // 7: its centre
    [10, 24.3, 1], // 8: within the margin
    [10, 24.5, 1], // 9: beyond the margin
  ].flat(),
);

// Each point's own colour: (10 i, 10 i + 1, 10 i + 2).
const base = new Uint8Array(Array.from({ length: 30 }, (_, k) => Math.floor(k / 3) * 10 + (k % 3)));

const colourOf = (colors: Uint8Array, k: number) => [...colors.subarray(k * 3, k * 3 + 3)];
const baseOf = (i: number) => [i * 10, i * 10 + 1, i * 10 + 2];

describe('cuboidNeighbourhood', () => {
  it('keeps the points within the margin around the turned cuboid, with their positions', () => {
    const near = cuboidNeighbourhood(cloud, cuboid);
    expect([...near.indexes]).toEqual([0, 1, 2, 3, 4, 5, 7, 8]);
    expect(near.positions.length).toBe(8 * 3);
    near.indexes.forEach((i, k) => {
      expect([...near.positions.subarray(k * 3, k * 3 + 3)]).toEqual([...cloud.subarray(i * 3, i * 3 + 3)]);
    });
  });

  it('keeps at least 2 m around a small cuboid', () => {
    const small: Cuboid = { center: [0, 0, 0], size: [1, 1, 1], heading: 0 };
    const points = new Float32Array([2.4, 0, 0, 2.6, 0, 0, 0, 0, -2.4, 0, 0, 2.6]);
    expect([...cuboidNeighbourhood(points, small).indexes]).toEqual([0, 2]);
  });
});

describe('paintNeighbourhood', () => {
  it('colours the points inside the turned cuboid and leaves the others in their own colour', () => {
    const near = cuboidNeighbourhood(cloud, cuboid);
    const colors = new Uint8Array(near.indexes.length * 3);
    const inside = paintNeighbourhood(near, colors, base, cuboid);
    expect([...inside]).toEqual([0, 2, 7]);
    near.indexes.forEach((i, k) => {
      expect(colourOf(colors, k)).toEqual([0, 2, 7].includes(i) ? HIGHLIGHT : baseOf(i));
    });
  });

  it('gives the points left behind their own colour again when the cuboid changes', () => {
    const near = cuboidNeighbourhood(cloud, cuboid);
    const colors = new Uint8Array(near.indexes.length * 3);
    paintNeighbourhood(near, colors, base, cuboid);
    // Widened to 2.1 m (x 8.95..11.05): the point just outside its side is now in.
    const wider: Cuboid = { ...cuboid, size: [4, 2.1, 1.6] };
    expect([...paintNeighbourhood(near, colors, base, wider)]).toEqual([0, 2, 3, 7]);
    // Moved 3 m north (y 21..25): its old centre and side points are out, the far ones in.
    const moved: Cuboid = { ...cuboid, center: [10, 23, 1] };
    expect([...paintNeighbourhood(near, colors, base, moved)]).toEqual([0, 1, 8]);
    near.indexes.forEach((i, k) => {
      expect(colourOf(colors, k)).toEqual([0, 1, 8].includes(i) ? HIGHLIGHT : baseOf(i));
    });
  });
});
