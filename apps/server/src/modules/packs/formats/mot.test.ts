import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { packContext, packItem, runWriter, sameWhenSliced } from '../../../testing/pack-writer.ts';
import { motFormat } from './mot.ts';

type Frame = { frame: number; x: number; y: number; w: number; h: number; key: boolean };
/** A video track by its frames: the key frames and the exporter's in-between copies (`key: false`). */
const track = (id: string, label: string, frames: Frame[]) => ({
  id,
  tool: 'track',
  type: 'video_track',
  label,
  frames,
});

const car = track('v1', 'car', [
  { frame: 1, x: 10, y: 20, w: 30, h: 40, key: true },
  { frame: 5, x: 999, y: 999, w: 1, h: 1, key: false },
  { frame: 10, x: 100, y: 65, w: 48, h: 40, key: true },
]);
const person = {
  ...track('v2', 'person', [
    { frame: 0, x: 0, y: 0, w: 10, h: 10, key: true },
    { frame: 2, x: 2, y: 2, w: 10, h: 10, key: true },
    { frame: 4, x: 4, y: 4, w: 10, h: 10, key: true },
  ]),
  attributes: { outside: [2] },
};

const items = [
  packItem('video', 'road.mp4', [car, person], { fps: 10, width: 1280, height: 720 }),
  packItem('video', 'long.mp4', [{ ...car, id: 'v3' }], { fps: 2, payload: { duration: 7 } }),
];

/** gt.txt read back with a CSV parser, as numbers. */
function rows(text: string): number[][] {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data.map((r) => r.map(Number));
}

describe('MOT', () => {
  it('writes gt.txt with interpolated boxes between key frames, frames from 1, sorted by frame and id', () => {
    const files = runWriter(motFormat, packContext(['person', 'car']), items);
    const gt = rows(files.get('mot/road/gt/gt.txt')!);
    for (const r of gt) expect(r).toHaveLength(9);
    const carRows = gt.filter((r) => r[1] === 1);
    // Key frames 1 and 10 (MOT frames 2 and 11): every frame between them, the exporter's key: false copy ignored.
    expect(carRows.map((r) => r[0])).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(carRows[0]).toEqual([2, 1, 10, 20, 30, 40, 1, 2, 1]);
    expect(carRows.at(-1)).toEqual([11, 1, 100, 65, 48, 40, 1, 2, 1]);
    // Frame 5 (MOT 6) lies 4/9 of the way from key frame 1 to key frame 10: x 10 → 100 gives 50, w 30 → 48 gives 38.
    expect(carRows.find((r) => r[0] === 6)).toEqual([6, 1, 50, 40, 38, 40, 1, 2, 1]);
    const mid = carRows.find((r) => r[0] === 6)!;
    expect(mid[2]).toBeCloseTo(10 + (100 - 10) * (4 / 9), 2);
    // The person is outside from its key frame 2 to the next key frame 4.
    expect(gt.filter((r) => r[1] === 2).map((r) => [r[0], r[2], r[7]])).toEqual([
      [1, 0, 1],
      [2, 1, 1],
      [5, 4, 1],
    ]);
    const order = gt.map((r) => r[0]! * 100 + r[1]!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(files.get('mot/road/seqinfo.ini')).toContain('frameRate=10\nseqLength=11\nimWidth=1280\nimHeight=720');
    expect(files.get('mot/labels.txt')).toBe('1 person\n2 car\n');
  });

  it('holds the last box to the end of the video when its duration is known', () => {
    const files = runWriter(motFormat, packContext(['person', 'car']), items);
    const gt = rows(files.get('mot/long/gt/gt.txt')!);
    // 7 s at 2 fps: 14 frames (0..13); the last key frame 10 holds to frame 13 (MOT 14).
    expect(gt.map((r) => r[0])).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(gt.at(-1)).toEqual([14, 1, 100, 65, 48, 40, 1, 2, 1]);
    expect(files.get('mot/long/seqinfo.ini')).toContain('seqLength=14');
  });

  it('gives the same files written in one slice or in several', () => {
    const { whole, sliced } = sameWhenSliced(motFormat, packContext(['car']), items);
    expect([...sliced.entries()].sort()).toEqual([...whole.entries()].sort());
  });
});
