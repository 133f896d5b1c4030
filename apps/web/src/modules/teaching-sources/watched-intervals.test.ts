import { describe, expect, it } from 'vitest';
import { addInterval, type Intervals, isPlayStep, watchedSeconds, watchedShare } from './watched-intervals.ts';

const add = (list: Intervals, ...ranges: [number, number][]) =>
  ranges.reduce((all, [from, to]) => addInterval(all, from, to), list);

describe('watched intervals', () => {
  it('merges overlapping and touching ranges, keeps the others apart and in order', () => {
    expect(add([], [10, 20], [0, 5], [19, 30])).toEqual([
      [0, 5],
      [10, 30],
    ]);
    expect(add([], [0, 5], [5.3, 8])).toEqual([[0, 8]]);
    expect(add([], [40, 50], [0, 5], [20, 25])).toEqual([
      [0, 5],
      [20, 25],
      [40, 50],
    ]);
    expect(add([], [0, 5], [20, 25], [4, 21])).toEqual([[0, 25]]);
  });

  it('ignores empty, backward and non-finite ranges', () => {
    expect(add([], [5, 5], [8, 3], [0, Number.NaN], [0, Number.POSITIVE_INFINITY])).toEqual([]);
  });

  it('counts watched time once however often a part is replayed, and skipped parts not at all', () => {
    const list = add([], [0, 30], [10, 20], [0, 30], [60, 90]);
    expect(watchedSeconds(list)).toBe(60);
    expect(watchedShare(list, 120)).toBe(0.5);
    expect(watchedShare(add([], [0, 99.7]), 100)).toBe(1);
    expect(watchedShare([], 0)).toBe(0);
  });

  it('tells playing on from a jump', () => {
    expect(isPlayStep(10, 10.25, 1)).toBe(true);
    expect(isPlayStep(10, 12.9, 1)).toBe(true);
    expect(isPlayStep(10, 40, 1)).toBe(false);
    expect(isPlayStep(10, 9, 1)).toBe(false);
    expect(isPlayStep(10, 14, 2)).toBe(true);
  });
});
