import { describe, expect, it } from 'vitest';
import { coversDuration, decodePeaks, spanOf } from './audio-shapes.ts';
import { formatClock } from './audio-template.ts';

describe('audio regions', () => {
  it('makes a region from two times in any order, to the millisecond, inside the audio', () => {
    expect(spanOf(2.5, 1.23456, 10)).toEqual({ start: 1.235, end: 2.5 });
    expect(spanOf(-1, 12, 10)).toEqual({ start: 0, end: 10 });
    expect(spanOf(1, 1.01, 10)).toBeNull();
  });

  it('counts the audio played through only when the played ranges cover it', () => {
    expect(coversDuration([[0, 4.4]], 4.5)).toBe(true);
    expect(
      coversDuration(
        [
          [2, 4.5],
          [0, 2.1],
        ],
        4.5,
      ),
    ).toBe(true);
    expect(
      coversDuration(
        [
          [0, 1],
          [3, 4.5],
        ],
        4.5,
      ),
    ).toBe(false);
    expect(coversDuration([], 0)).toBe(false);
    // An hour may miss 1% (the slack grows with the length).
    expect(coversDuration([[0, 3570]], 3600)).toBe(true);
    expect(coversDuration([[0, 3000]], 3600)).toBe(false);
  });

  it('decodes the server peaks into top (max) and bottom (min) channels', () => {
    const bytes = Int8Array.from([-127, 127, -10, 64]);
    const base64 = btoa(String.fromCharCode(...new Uint8Array(bytes.buffer)));
    const [top, bottom] = decodePeaks(base64, 2);
    expect([...top]).toEqual([1, 64 / 127].map((v) => Math.fround(v)));
    expect([...bottom]).toEqual([-1, -10 / 127].map((v) => Math.fround(v)));
  });

  it('formats clock times', () => {
    expect(formatClock(0)).toBe('00:00.00');
    expect(formatClock(61.5)).toBe('01:01.50');
    expect(formatClock(3725.25)).toBe('1:02:05.25');
  });
});
