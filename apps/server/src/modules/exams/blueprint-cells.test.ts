import { describe, expect, it } from 'vitest';
import { blueprintCells, splitByRatios } from './blueprint-cells.ts';

describe('blueprint cells', () => {
  it('splits by largest remainder and keeps the total', () => {
    const split = splitByRatios(10, ['a', 'b', 'c'], { a: 1, b: 1, c: 1 });
    expect([...split.values()]).toEqual([4, 3, 3]);
    expect(splitByRatios(5, ['a', 'b'], { a: 0, b: 0 }).size).toBe(0);
  });

  it('splits types, then difficulties, leaving out empty cells', () => {
    const cells = blueprintCells({
      total: 10,
      typeRatios: { single: 6, multiple: 4, judge: 0 },
      difficultyRatios: { easy: 1, medium: 1, hard: 0 },
      categoryIds: [],
      nodeIds: [],
    });
    expect(cells).toEqual([
      { type: 'single', difficulty: 'easy', count: 3 },
      { type: 'single', difficulty: 'medium', count: 3 },
      { type: 'multiple', difficulty: 'easy', count: 2 },
      { type: 'multiple', difficulty: 'medium', count: 2 },
    ]);
  });

  it('treats all-zero difficulty ratios as any difficulty', () => {
    const cells = blueprintCells({
      total: 3,
      typeRatios: { single: 0, multiple: 0, judge: 1 },
      difficultyRatios: { easy: 0, medium: 0, hard: 0 },
      categoryIds: [],
      nodeIds: [],
    });
    expect(cells).toEqual([{ type: 'judge', difficulty: null, count: 3 }]);
  });
});
