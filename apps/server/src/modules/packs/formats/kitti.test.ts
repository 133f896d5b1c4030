import { describe, expect, it } from 'vitest';
import { packContext, packItem, runWriter, sameWhenSliced } from '../../../testing/pack-writer.ts';
import { kittiFormat } from './kitti.ts';

/** A KITTI line read back into our cuboid, independently of the writer: camera axes → the cloud's (z up). */
function cuboidFromKitti(line: string) {
  const [h, w, l, xc, yc, zc, ry] = line.split(' ').slice(8, 15).map(Number) as number[];
  return { center: [zc!, -xc!, -yc! + h! / 2], size: [l!, w!, h!], heading: -ry! - Math.PI / 2 };
}

const cuboids = [
  {
    id: 'c1',
    tool: 'cuboid',
    type: 'cuboid',
    label: 'Car',
    center: [8.1, -2.2, 0.8],
    size: [4.5, 1.9, 1.6],
    heading: 0.524,
  },
  {
    id: 'c2',
    tool: 'cuboid',
    type: 'cuboid',
    label: 'Pedestrian',
    center: [-3.25, 5.5, -0.4],
    size: [0.8, 0.6, 1.75],
    heading: -2.9,
    attributes: { occluded: true },
  },
  {
    id: 'c3',
    tool: 'cuboid',
    type: 'cuboid',
    label: 'traffic cone',
    center: [1, 1, 0],
    size: [0.3, 0.3, 0.5],
    heading: Math.PI,
  },
];

const items = [packItem('point_cloud', '000001.pcd', cuboids), packItem('point_cloud', 'scans/000002.bin', [])];

describe('KITTI', () => {
  it('writes one label file per frame, 15 fields a line, that reads back to the same cuboids', () => {
    const files = runWriter(kittiFormat, packContext(['Car', 'Pedestrian', 'traffic cone']), items);
    const lines = files.get('label_2/000001.txt')!.trim().split('\n');
    expect(lines).toHaveLength(3);
    const fields = lines.map((l) => l.split(' '));
    for (const f of fields) expect(f).toHaveLength(15);
    expect(fields.map((f) => f[0])).toEqual(['Car', 'Pedestrian', 'traffic_cone']);
    expect(fields.map((f) => f[2])).toEqual(['0', '1', '0']);
    // Dimensions h w l; location = bottom centre in camera axes (x = -y, y = -z + h/2, z = x).
    expect(fields[0]!.slice(8, 14).map(Number)).toEqual([1.6, 1.9, 4.5, 2.2, 0, 8.1]);
    for (const [i, f] of fields.entries()) {
      const back = cuboidFromKitti(lines[i]!);
      const c = cuboids[i]!;
      for (const [k, v] of back.center.entries()) expect(v).toBeCloseTo(c.center[k] as number, 3);
      for (const [k, v] of back.size.entries()) expect(v).toBeCloseTo(c.size[k] as number, 3);
      const turn = Math.atan2(Math.sin(back.heading - c.heading), Math.cos(back.heading - c.heading));
      expect(Math.abs(turn)).toBeLessThan(1e-3);
      const ry = Number(f[14]);
      expect(ry).toBeGreaterThanOrEqual(-Math.PI);
      expect(ry).toBeLessThan(Math.PI);
    }
    // heading 0 (facing +x, forward) is rotation_y -π/2 in KITTI's camera axes.
    expect(Number(fields[0]![14])).toBeCloseTo(-0.524 - Math.PI / 2, 3);
    expect(files.get('label_2/scans/000002.txt')).toBe('');
    expect(files.get('README_kitti.txt')).toContain('x_cam = -y');
  });

  it('gives the same files written in one slice or in several', () => {
    const { whole, sliced } = sameWhenSliced(kittiFormat, packContext([]), items);
    expect([...sliced.entries()].sort()).toEqual([...whole.entries()].sort());
  });
});
