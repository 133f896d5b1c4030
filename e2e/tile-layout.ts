// Whether a grid's tiles are readable at a width: nothing sticks out of a tile or is cut, and no text of the
// application wraps inside a word (user content — names — is marked `data-user-content` and may be ellipsised).
import type { Page } from 'playwright-core';

/** Runs in the page: what is wrong in the tiles matching `selector`. */
function tileProblems(selector: string): string[] {
  const WORD_LETTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
  const problems: string[] = [];
  const visible = (el: Element) => el.getClientRects().length > 0 && el.checkVisibility({ visibilityProperty: true });
  for (const tile of document.querySelectorAll(selector)) {
    const id = tile.getAttribute('data-testid') ?? selector;
    const box = tile.getBoundingClientRect();
    for (const el of tile.querySelectorAll('*')) {
      if (!visible(el) || el.closest('[data-user-content]') || el.closest('svg')) continue;
      const rect = el.getBoundingClientRect();
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      if (rect.left < box.left - 1 || rect.right > box.right + 1) problems.push(`${id}: sticks out «${text}»`);
      const style = getComputedStyle(el);
      const clips = style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
      if (clips && el.children.length === 0 && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${id}: cut «${text}»`);
    }
    const walker = document.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[data-user-content]') || !visible(parent)) continue;
      const text = node.textContent ?? '';
      let previousTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getClientRects()[0]?.top ?? null;
        // Words of alphabetic scripts only: Chinese and Japanese text may wrap between any two characters.
        const inWord = i > 0 && WORD_LETTER.test(text[i - 1] ?? '') && WORD_LETTER.test(text[i] ?? '');
        if (inWord && top !== null && previousTop !== null && top > previousTop + 2) {
          problems.push(`${id}: mid-word «${text.slice(0, i)}|${text.slice(i)}»`);
          break;
        }
        if (top !== null) previousTop = top;
      }
    }
  }
  return problems;
}

/** The problems of the tiles matching `selector` on `page` as it is now (none: an empty list). */
export async function tileLayoutProblems(page: Page, selector: string): Promise<string[]> {
  // tsx names the functions it compiles with a helper `__name`, which the page lacks.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return [...new Set(await page.evaluate(tileProblems, selector))];
}
