import { describe, expect, it } from 'vitest';
import { cuboidCorners, cuboidFromDrag, groundHeight, normaliseHeading, pointsInCuboid } from './cuboid-math.ts';

describe('pointsInCuboid', () => {
  it('finds the points inside an axis-aligned cuboid, faces included', () => {
    const positions = new Float32Array([0, 0, 0, 2, 0, 0, 2.01, 0, 0, 0, 1, 0.5, 0, 1.2, 0, 0, 0, -0.6]);
    const inside = pointsInCuboid(positions, { center: [0, 0, 0], size: [4, 2, 1], heading: 0 });
    expect([...inside]).toEqual([0, 1, 3]);
  });

  it('turns with the heading', () => {
    // A 4 x 1 cuboid turned 90°: it now runs along y.
    const positions = new Float32Array([0, 1.9, 0, 1.9, 0, 0, 0.4, -1.5, 0]);
    const cuboid = { center: [0, 0, 0] as [number, number, number], size: [4, 1, 1] as [number, number, number] };
    expect([...pointsInCuboid(positions, { ...cuboid, heading: Math.PI / 2 })]).toEqual([0, 2]);
    expect([...pointsInCuboid(positions, { ...cuboid, heading: 0 })]).toEqual([1]);
  });

  it('handles many points and an offset centre', () => {
    const n = 100_000;
    const positions = new Float32Array(n * 3);
    for (let i = 0; i < n; i += 1) {
      positions[i * 3] = (i % 100) - 50;
      positions[i * 3 + 1] = (Math.floor(i / 100) % 100) - 50;
      positions[i * 3 + 2] = Math.floor(i / 10_000);
    }
    const inside = pointsInCuboid(positions, { center: [10.5, 10.5, 4.5], size: [2, 2, 2], heading: 0 });
    // x in {10, 11}, y in {10, 11}, z in {4, 5}.
    expect(inside.length).toBe(8);
    for (const i of inside) {
      expect(Math.abs((positions[i * 3] as number) - 10.5)).toBeLessThanOrEqual(1);
    }
  });
});

describe('cuboid helpers', () => {
  it('gives the corners bottom then top, front-left first', () => {
    const corners = cuboidCorners({ center: [1, 2, 3], size: [4, 2, 2], heading: Math.PI / 2 });
    const r = (v: number[]) => v.map((n) => Math.round(n * 1000) / 1000 + 0);
    expect(r(corners[0] as number[])).toEqual([0, 4, 2]);
    expect(r(corners[6] as number[])).toEqual([2, 0, 4]);
  });

  it('places a default cuboid on a click and fits a dragged footprint', () => {
    expect(cuboidFromDrag([5, 5], [5.1, 5], 1)).toEqual({ center: [5, 5, 1.8], size: [4.5, 1.9, 1.6], heading: 0 });
    expect(cuboidFromDrag([4, 2], [0, 0], 0, 2)).toEqual({ center: [2, 1, 1], size: [4, 2, 2], heading: 0 });
  });

  it('estimates the ground below noise and folds angles', () => {
    const positions = new Float32Array(3000);
    for (let i = 0; i < 1000; i += 1) positions[i * 3 + 2] = i < 10 ? -5 : i < 800 ? 0 : 1.5;
    expect(groundHeight(positions)).toBe(0);
    expect(normaliseHeading(Math.PI * 3)).toBeCloseTo(Math.PI);
    expect(normaliseHeading(-Math.PI / 2 - Math.PI * 4)).toBeCloseTo(-Math.PI / 2);
  });
});
