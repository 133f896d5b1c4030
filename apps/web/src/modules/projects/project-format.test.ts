import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../shared/format.ts';
import { humanSeconds, splitEvenly } from './project-format.ts';

const UNITS = { d: 'd', h: 'h', min: 'min', s: 's' };

describe('project screen helpers', () => {
  it('splits a total evenly into positive counts summing to it', () => {
    expect(splitEvenly(6, 2)).toEqual([3, 3]);
    expect(splitEvenly(7, 3)).toEqual([3, 2, 2]);
    expect(splitEvenly(2, 5)).toEqual([1, 1]);
    expect(splitEvenly(10, 0)).toEqual([10]);
    const parts = splitEvenly(100_001, 7);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100_001);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
  });

  it('says lease lengths in words, the two largest units', () => {
    expect(humanSeconds(3600, UNITS)).toBe('1 h');
    expect(humanSeconds(5400, UNITS)).toBe('1 h 30 min');
    expect(humanSeconds(90, UNITS)).toBe('1 min 30 s');
    expect(humanSeconds(7 * 86_400 + 3661, UNITS)).toBe('7 d 1 h');
    expect(humanSeconds(0, UNITS)).toBe('');
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MB');
  });
});
