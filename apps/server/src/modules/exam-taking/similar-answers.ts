import type { TSimilarAnswers } from '@app/contracts';

/** Pairs reported at most (the most similar first). */
const PAIRS_MAX = 200;

/** A text's character trigrams, as pg_trgm would count them: NFKC, lower case, spaces collapsed, padded words. */
export function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[\s\p{P}]+/u)
    .filter(Boolean);
  for (const word of words) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** Trigrams two sets share. */
function sharedCount(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let count = 0;
  for (const gram of small) if (large.has(gram)) count++;
  return count;
}

/**
 * The pairs of answers whose trigram similarity (shared / (a + b − shared), pg_trgm's measure) is at least
 * `threshold`. Candidates are the pairs sharing a trigram that is not common to more than half of the answers (of
 * ten or more: a topic word is no sign of copying), found through an inverted index; their similarity is then
 * measured whole. That keeps 500 essays well under a second.
 */
export function similarAnswerPairs(
  answers: readonly { attemptId: number; text: string }[],
  threshold: number,
): TSimilarAnswers[] {
  const grams = answers.map((a) => trigrams(a.text));
  const postings = new Map<string, number[]>();
  grams.forEach((set, index) => {
    for (const gram of set) {
      const list = postings.get(gram);
      if (list) list.push(index);
      else postings.set(gram, [index]);
    }
  });
  const n = answers.length;
  const common = n < 10 ? n : Math.floor(n / 2);
  const candidates = new Set<number>();
  for (const list of postings.values()) {
    if (list.length < 2 || list.length > common) continue;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) candidates.add(list[i]! * n + list[j]!);
    }
  }
  const pairs: TSimilarAnswers[] = [];
  for (const key of candidates) {
    const a = Math.floor(key / n);
    const b = key % n;
    const shared = sharedCount(grams[a]!, grams[b]!);
    const similarity = shared / (grams[a]!.size + grams[b]!.size - shared);
    if (similarity >= threshold) {
      pairs.push({
        attempt_a: answers[a]!.attemptId,
        attempt_b: answers[b]!.attemptId,
        similarity: Math.round(similarity * 1000) / 1000,
      });
    }
  }
  return pairs.sort((x, y) => y.similarity - x.similarity).slice(0, PAIRS_MAX);
}
