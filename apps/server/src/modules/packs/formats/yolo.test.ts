import { describe, expect, it } from 'vitest';
import { packContext, packItem, runWriter, sameWhenSliced } from '../../../testing/pack-writer.ts';
import { yoloFormat } from './yolo.ts';

const boxes = [
  { id: 's1', tool: 'box', type: 'rect', label: 'cat', x: 10, y: 20, w: 30, h: 40 },
  { id: 's2', tool: 'box', type: 'rect', label: '狗', x: 600.4, y: 400.2, w: 39.6, h: 79.8 },
];
const polygon = {
  id: 'p1',
  tool: 'poly',
  type: 'polygon',
  label: 'cat',
  points: [
    [100, 50],
    [200, 60],
    [150, 200],
  ],
};

const items = [
  packItem('image', 'a.jpg', boxes, { width: 640, height: 480 }),
  packItem('image', 'sub/b.jpeg', [polygon], { width: 640, height: 480 }),
  packItem('image', 'no-size.jpg', boxes),
  packItem('image', 'empty.png', [], { width: 100, height: 100 }),
];

/** A label file's lines as numbers; coordinates denormalised back to pixels by the image size. */
function parse(text: string, w: number, h: number) {
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [cls, ...rest] = line.split(' ').map(Number);
      return { cls, values: rest.map((v, i) => v * (i % 2 === 0 ? w : h)) };
    });
}

describe('YOLO', () => {
  it('writes detect label files that denormalise back to the boxes, and data.yaml with the names', () => {
    const files = runWriter(yoloFormat, packContext(['cat', '狗']), items);
    const a = parse(files.get('labels/a.txt')!, 640, 480);
    expect(a.map((l) => l.cls)).toEqual([0, 1]);
    const [cx, cy, w, h] = a[0]!.values;
    expect(Math.abs(cx! - w! / 2 - 10)).toBeLessThan(0.5);
    expect(Math.abs(cy! - h! / 2 - 20)).toBeLessThan(0.5);
    expect(Math.abs(w! - 30)).toBeLessThan(0.5);
    expect(Math.abs(h! - 40)).toBeLessThan(0.5);
    const [cx2, cy2, w2, h2] = a[1]!.values;
    expect(Math.abs(cx2! + w2! / 2 - 640)).toBeLessThan(0.5);
    expect(Math.abs(cy2! + h2! / 2 - 480)).toBeLessThan(0.5);
    // In a detect set a polygon becomes its bounding box.
    const [pcx, pcy, pw, ph] = parse(files.get('labels/sub/b.txt')!, 640, 480)[0]!.values;
    expect([pcx! - pw! / 2, pcy! - ph! / 2, pw, ph].map((v) => Math.round(v!))).toEqual([100, 50, 100, 150]);
    expect(files.get('labels/empty.txt')).toBe('');
    expect(files.has('labels/no-size.txt')).toBe(false);
    expect(files.get('skipped.txt')).toContain('no-size.jpg\timage size unknown');
    const yaml = files.get('data.yaml')!;
    expect(yaml).toContain('nc: 2\nnames:\n  0: "cat"\n  1: "狗"\n');
    expect(yaml).not.toContain('kpt_shape');
  });

  it('writes a segment set (rectangles as their corners) when the template has polygons', () => {
    const ctx = { ...packContext(['cat', '狗']), shapeTypes: ['rect', 'polygon'] };
    const files = runWriter(yoloFormat, ctx, items);
    const poly = parse(files.get('labels/sub/b.txt')!, 640, 480)[0]!;
    expect(poly.values.map((v) => Math.round(v))).toEqual([100, 50, 200, 60, 150, 200]);
    const rect = parse(files.get('labels/a.txt')!, 640, 480)[0]!;
    expect(rect.values.map((v) => Math.round(v))).toEqual([10, 20, 40, 20, 40, 60, 10, 60]);
  });

  it('writes a pose set with the key points and kpt_shape', () => {
    const ctx = packContext(['person'], { keypoints: { names: ['nose', 'eye', 'ear'], skeleton: [[0, 1]] } });
    const person = {
      id: 'k',
      tool: 'kp',
      type: 'keypoints',
      label: 'person',
      points: [
        { x: 100, y: 100, v: 2 },
        { x: 200, y: 150, v: 1 },
      ],
    };
    const files = runWriter(yoloFormat, ctx, [
      packItem('image', 'p.jpg', [person, boxes[0]!], { width: 400, height: 300 }),
    ]);
    const [line] = parse(files.get('labels/p.txt')!, 400, 300);
    expect(line!.cls).toBe(0);
    const v = files.get('labels/p.txt')!.trim().split(' ').map(Number);
    expect(v).toHaveLength(1 + 4 + 3 * 3);
    expect([v[5]! * 400, v[6]! * 300, v[7], v[8]! * 400, v[9]! * 300, v[10], v[13]].map((n) => Math.round(n!))).toEqual(
      [100, 100, 2, 200, 150, 1, 0],
    );
    expect([v[1]! * 400, v[2]! * 300, v[3]! * 400, v[4]! * 300].map((n) => Math.round(n))).toEqual([150, 125, 100, 50]);
    expect(files.get('data.yaml')).toContain('kpt_shape: [3, 3]');
  });

  it('puts pose key points without a known label in an extra class, and skips jobs without a result', () => {
    const ctx = packContext(['person'], { keypoints: { names: ['a', 'b'], skeleton: [] } });
    const loose = { id: 'k', tool: 'kp', type: 'keypoints', points: [{ x: 10, y: 10, v: 2 }] };
    const unread = { ...packItem('image', 'unread.jpg', [], { width: 10, height: 10 }), result: null };
    const files = runWriter(yoloFormat, ctx, [
      packItem('image', 'q.jpg', [loose], { width: 100, height: 100 }),
      unread,
    ]);
    expect(files.get('labels/q.txt')!.split(' ')[0]).toBe('1');
    expect(files.get('data.yaml')).toContain('nc: 2\nnames:\n  0: "person"\n  1: "keypoints"\n');
    expect(files.has('labels/unread.txt')).toBe(false);
  });

  it('gives the same files written in one slice or in several', () => {
    const { whole, sliced } = sameWhenSliced(yoloFormat, packContext(['cat', '狗']), items);
    expect([...sliced.entries()].sort()).toEqual([...whole.entries()].sort());
  });
});
