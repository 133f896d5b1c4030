import { describe, expect, it } from 'vitest';
import { similarAnswerPairs, trigrams } from './similar-answers.ts';

/** Essays on one topic: the same opening, then 40 words drawn (seeded) from a vocabulary of 400. */
const VOCABULARY = Array.from(
  { length: 400 },
  (_, i) => `${['river', 'city', 'trade', 'bridge'][i % 4]}${i.toString(36)}`,
);
function essay(seed: number): string {
  let state = seed * 7919 + 17;
  const words = Array.from({ length: 40 }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return VOCABULARY[Math.floor(state / 65536) % VOCABULARY.length];
  });
  return `Why cities grow along rivers: ${words.join(' ')}.`;
}

describe('look-alike answers', () => {
  it("measures pg_trgm's similarity on padded words", () => {
    expect([...trigrams('Cat')].sort()).toEqual(['  c', ' ca', 'at ', 'cat']);
    const [pair] = similarAnswerPairs(
      [
        { attemptId: 1, text: 'cat' },
        { attemptId: 2, text: 'cap' },
      ],
      0.1,
    );
    // cat: "  c", " ca", "cat", "at "; cap: "  c", " ca", "cap", "ap ": 2 shared of 6.
    expect(pair).toEqual({ attempt_a: 1, attempt_b: 2, similarity: 0.333 });
  });

  it('reports a copied essay among many, and no pair of different essays', () => {
    const answers = Array.from({ length: 40 }, (_, i) => ({ attemptId: 100 + i, text: essay(i) }));
    answers.push({ attemptId: 500, text: `${essay(7)} I agree.` });
    answers.push({ attemptId: 501, text: '北京是中国的首都，长城在北京的北边。' });
    answers.push({ attemptId: 502, text: '北京是中国的首都，长城就在北京的北边。' });
    const pairs = similarAnswerPairs(answers, 0.6);
    expect(pairs.map((p) => [p.attempt_a, p.attempt_b])).toEqual(
      expect.arrayContaining([
        [107, 500],
        [501, 502],
      ]),
    );
    expect(pairs).toHaveLength(2);
  });
});
