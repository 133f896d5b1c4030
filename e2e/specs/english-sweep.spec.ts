import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS, loginForMenuPages, openMenuPage } from '../menu-pages.ts';
import { openBrowser, screenshot } from '../support.ts';

/**
 * Interface chrome: what the application itself says (menus, titles, buttons, table headers, labels, tabs, empty
 * states, placeholders). Table body cells are records, not chrome; an element of chrome that shows user data (an
 * organisation's or a user's name) carries `data-user-content` and is skipped with everything inside it.
 */
const CHROME = [
  '[data-testid="side-menu"] .ant-menu-title-content',
  '.module-tabs .ant-tabs-tab',
  '.top-bar-actions',
  '.tab-bar-tab',
  '.breadcrumbs',
  '.ant-card-head-title',
  '.ant-page-header-heading-title',
  'h1, h2, h3, h4, h5',
  'button',
  '.ant-table-thead th',
  '.ant-form-item-label',
  '.ant-tabs-tab',
  '.ant-empty-description',
  '.ant-statistic-title',
  '.ant-radio-button-wrapper',
  '.ant-segmented-item-label',
  '.ant-select-selection-placeholder',
  '.ant-pagination',
].join(', ');

interface SweepFinding {
  kind: 'cjk' | 'ellipsised' | 'mid-word';
  text: string;
}

/** Runs in the page: chrome texts with CJK characters, ellipsised menu titles, table headers wrapped inside a word. */
function sweepPage(selector: string): SweepFinding[] {
  const cjk = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;
  const findings: SweepFinding[] = [];
  const visible = (el: Element) => el.getClientRects().length > 0 && el.checkVisibility({ visibilityProperty: true });
  const ownText = (el: Element): string => {
    // Text of the element without the parts inside user content.
    let text = '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('[data-user-content]')) continue;
      if (node.parentElement && !visible(node.parentElement)) continue;
      text += node.textContent ?? '';
    }
    return text.replace(/\s+/g, ' ').trim();
  };
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest('[data-user-content], .ant-table-tbody, .ant-select-dropdown') || !visible(el)) continue;
    const text = ownText(el);
    if (cjk.test(text)) findings.push({ kind: 'cjk', text });
    const placeholder = el.getAttribute('placeholder');
    if (placeholder && cjk.test(placeholder)) findings.push({ kind: 'cjk', text: `placeholder ${placeholder}` });
  }
  for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    const placeholder = el.getAttribute('placeholder') ?? '';
    if (!el.closest('[data-user-content], .ant-table-tbody') && visible(el) && cjk.test(placeholder)) {
      findings.push({ kind: 'cjk', text: `placeholder ${placeholder}` });
    }
  }
  for (const el of document.querySelectorAll('[data-testid="side-menu"] .ant-menu-title-content')) {
    if (visible(el) && el.scrollWidth > el.clientWidth + 1) findings.push({ kind: 'ellipsised', text: ownText(el) });
  }
  // A header's text wraps inside a word when two letters next to each other lie on different lines.
  for (const th of document.querySelectorAll('.ant-table-thead th')) {
    if (!visible(th)) continue;
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      let previousTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getClientRects()[0]?.top ?? null;
        const inWord = i > 0 && /\p{L}/u.test(text[i - 1] ?? '') && /\p{L}/u.test(text[i] ?? '');
        if (inWord && top !== null && previousTop !== null && top > previousTop + 2) {
          findings.push({ kind: 'mid-word', text: `${text.slice(0, i)}|${text.slice(i)}` });
          break;
        }
        previousTop = top;
      }
    }
  }
  return findings;
}

async function sweep(page: Page, where: string): Promise<string[]> {
  // tsx names the functions it compiles with a helper `__name`, which the page lacks.
  await page.evaluate('globalThis.__name ??= (f) => f');
  const findings = await page.evaluate(sweepPage, CHROME);
  return [...new Set(findings.map((f) => `${where}: ${f.kind} «${f.text}»`))];
}

describe('English sweep', () => {
  it('every menu page of the demo roles shows its interface in English, with whole menu titles and headers', async () => {
    const problems: string[] = [];
    const swept = new Set<string>();
    // Root, who holds every page, comes last and opens only the pages no other role showed; every role sweeps at
    // least its first page (its own top bar and menu).
    for (const account of [...DEMO_ACCOUNTS.filter((a) => a !== 'root'), 'root']) {
      const browser = await openBrowser({ locale: 'en-US' });
      try {
        const page = browser.page;
        const pages = await loginForMenuPages(page, account);
        assert.ok(pages.length > 0, `${account} has no menu page`);
        for (const [index, path] of pages.entries()) {
          if (index > 0 && swept.has(path)) continue;
          if (!(await openMenuPage(page, path))) problems.push(`${account} ${path}: still loading after 10 s`);
          const found = await sweep(page, `${account} ${path}`);
          if (found.length > 0) await screenshot(page, `english-sweep-${account}${path.replace(/\//g, '-')}`);
          problems.push(...found);
          swept.add(path);
        }
      } finally {
        await browser.close();
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(swept.size > 40, `only ${swept.size} pages swept`);
  });
});
