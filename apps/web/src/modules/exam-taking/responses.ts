/**
 * Pure helpers of the answers that are not choices (blanks, texts, matching, ordering): the word count of an essay
 * and the shapes of the responses as the answer page edits them.
 */

/** Characters counted one each: Chinese (Han) characters, and Japanese kana. */
const ONE_EACH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** A run between spaces is a word when it holds a letter or a digit (a lone dash or "，" is not). */
const WORDY = /[\p{L}\p{N}]/u;

/**
 * The words of an answer as a word limit counts them: every Chinese character is one, and the rest is split on
 * spaces (English words, numbers, "don't", "e.g."); punctuation alone counts nothing. "我用 React 写了 3 个组件" = 9.
 */
export function countWords(text: string): number {
  let count = 0;
  const rest = text.replace(ONE_EACH, () => {
    count += 1;
    return ' ';
  });
  for (const run of rest.split(/\s+/)) if (WORDY.test(run)) count += 1;
  return count;
}

/** The list with the item at `from` moved to `to`; the same list when either is outside it or they are equal. */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** An ordering's current order: the saved one when it holds every item once, else the order the items are shown in. */
export function orderingOrder(shownKeys: readonly number[], saved: readonly number[] | undefined): number[] {
  if (
    saved &&
    saved.length === shownKeys.length &&
    new Set(saved).size === saved.length &&
    saved.every((key) => shownKeys.includes(key))
  ) {
    return [...saved];
  }
  return [...shownKeys];
}

/** Matching's answer: for each of `count` left items the key of the right item chosen, -1 for none (or a stale key). */
export function matchingOrder(count: number, rightKeys: readonly number[], saved: readonly number[] | undefined) {
  return Array.from({ length: count }, (_, i) => {
    const key = saved?.[i] ?? -1;
    return rightKeys.includes(key) ? key : -1;
  });
}

/** The texts of `count` blanks, the saved ones first. */
export function blankTexts(count: number, saved: readonly string[] | undefined): string[] {
  return Array.from({ length: count }, (_, i) => saved?.[i] ?? '');
}

/** The text of some HTML (a select shows an item as one line of text). */
export function htmlText(html: string): string {
  if (typeof DOMParser === 'undefined')
    return html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
