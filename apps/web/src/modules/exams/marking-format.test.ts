import { describe, expect, it } from 'vitest';
import { candidateNumbers, markGap, secondState, sharedParts } from './marking-format.ts';

const marks = (points: number | null, second: number | null, wanted = true) => ({
  points,
  second_points: second,
  max_points: 10,
  second_wanted: wanted,
});

describe('second marks', () => {
  it('gives the difference, large above a fifth of the points', () => {
    expect(markGap(marks(4, null))).toBeNull();
    expect(markGap(marks(null, 4))).toBeNull();
    expect(markGap(marks(4, 6))).toEqual({ difference: 2, large: false });
    expect(markGap(marks(7, 4.5))).toEqual({ difference: -2.5, large: true });
    expect(markGap(marks(1.1, 3.3))).toEqual({ difference: 2.2, large: true });
  });

  it('says where an answer stands', () => {
    expect(secondState(marks(4, null, false))).toBe('none');
    expect(secondState(marks(4, null))).toBe('waiting');
    expect(secondState(marks(null, 5))).toBe('given');
    expect(secondState(marks(4, 5))).toBe('given');
    expect(secondState(marks(2, 9))).toBe('apart');
  });
});

describe('candidate numbers', () => {
  it('numbers attempts by id, whatever order they come in', () => {
    expect([...candidateNumbers([42, 7, 19, 7])]).toEqual([
      [7, 1],
      [19, 2],
      [42, 3],
    ]);
  });
});

describe('shared passages', () => {
  const shared = (text: string, other: string) =>
    sharedParts(text, other)
      .filter((p) => p.shared)
      .map((p) => p.text);

  it('marks the runs of Chinese text both answers hold', () => {
    const a = '城市沿河而建，因为取水、运输与贸易都依靠河流。';
    const b = '我认为：因为取水、运输与贸易都依靠河流，所以城市多在河边。';
    expect(shared(a, b)).toEqual(['因为取水、运输与贸易都依靠河流']);
    expect(
      sharedParts(a, b)
        .map((p) => p.text)
        .join(''),
    ).toBe(a);
  });

  it('ignores case and kinds of space, and a few common words', () => {
    expect(shared('Rivers gave   Water and TRADE routes.', 'rivers gave water and trade routes')).toEqual([
      'Rivers gave   Water and TRADE routes',
    ]);
    expect(shared('It is of the city that', 'the city of the sea')).toEqual([]);
    expect(shared('', 'anything')).toEqual([]);
  });
});
