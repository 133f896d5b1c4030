import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriousAccessibilityFindings } from '../accessibility.ts';
import { DEMO_ACCOUNTS, loginForMenuPages, openMenuPage } from '../menu-pages.ts';
import { loginAs, useBrowsers } from '../suite.ts';
import { BASE_URL } from '../support.ts';

describe('page smoke', () => {
  const browsers = useBrowsers('page-smoke', 'visitor');

  it('the web page comes with the security headers, and script sees no session token', async () => {
    const page = browsers.visitor.page;
    const answer = await page.goto(`${BASE_URL}/login`);
    const headers = answer?.headers() ?? {};
    assert.match(headers['content-security-policy'] ?? '', /script-src 'self';.*frame-ancestors 'none'/);
    assert.equal(headers['x-content-type-options'], 'nosniff');
    assert.equal(headers['x-frame-options'], 'DENY');
    await loginAs(page, 'student');
    const cookies = await page.evaluate(() => document.cookie);
    assert.doesNotMatch(cookies, /(^|; )access_token=/);
    assert.match(cookies, /(^|; )access_token_signed_in=1/);
    const session = (await page.context().cookies(BASE_URL)).find((c) => c.name === 'access_token');
    assert.equal(session?.httpOnly, true);
    assert.equal(session?.sameSite, 'Lax');
  });

  it('every menu page of every demo role opens without a script error, a server error, an error page or a serious accessibility finding', async () => {
    const page = browsers.visitor.page;
    let current = '';
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${current}: script error ${error.message}`));
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 500) {
        problems.push(`${current}: ${response.status()} from ${new URL(response.url()).pathname}`);
      }
    });
    const visited = new Set<string>();
    const axeChecked = new Set<string>();
    for (const account of DEMO_ACCOUNTS) {
      const pages = await loginForMenuPages(page, account);
      assert.ok(pages.length > 0, `${account} has no menu page`);
      for (const path of pages) {
        current = `${account} ${path}`;
        if (!(await openMenuPage(page, path))) problems.push(`${current}: still loading after 10 s`);
        for (const shown of ['load-failed', 'error-page-403', 'error-page-404', 'error-page-500']) {
          const card = page.getByTestId(shown).first();
          if (await card.isVisible())
            problems.push(`${current}: ${shown} ${(await card.innerText()).replace(/\s+/g, ' ')}`);
        }
        // axe once per page (the first role to open it: root, who holds every page); later roles see the same
        // page with their own data, checked above for errors and below for wide tables.
        if (!axeChecked.has(path)) {
          for (const finding of await seriousAccessibilityFindings(page)) problems.push(`${current}: a11y ${finding}`);
          axeChecked.add(path);
        }
        const overflowing = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')]
            // Kept-alive pages of other tabs stay in the document, hidden: only the page shown counts.
            .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
            .map((el) => `${el.scrollWidth}>${el.clientWidth}`),
        );
        if (overflowing.length) problems.push(`${current}: table scrolls sideways at 1440 px ${overflowing.join(' ')}`);
        visited.add(path);
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(visited.size > 40, `only ${visited.size} pages visited`);
  });
});
