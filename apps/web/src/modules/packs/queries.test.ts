import { describe, expect, it } from 'vitest';
import { isActive, packPercent } from './queries.ts';

describe('pack progress', () => {
  it('shows done over total, 100 only once succeeded, and polls while queued or running', () => {
    expect(packPercent({ status: 'running', done: 250, total: 1000 })).toBe(25);
    expect(packPercent({ status: 'running', done: 1000, total: 1000 })).toBe(99);
    expect(packPercent({ status: 'succeeded', done: 0, total: 0 })).toBe(100);
    expect(packPercent({ status: 'queued', done: 0, total: 0 })).toBe(0);
    expect(packPercent({ status: 'stopped', done: 3, total: 10 })).toBe(30);
    expect(
      ['queued', 'running', 'succeeded', 'failed', 'stopped'].filter((s) => isActive({ status: s as never })),
    ).toEqual(['queued', 'running']);
  });
});
