import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MODULES } from '../../packages/contracts/src/navigation/modules.ts';
import { loginAs, useBrowsers } from '../suite.ts';
import { BASE_URL, call } from '../support.ts';

/**
 * Demo accounts, one per role the demo organisation shows (each works in its first role). Root, who holds every
 * page, comes last and opens only the pages no other account has opened.
 */
const ACCOUNTS = [
  'root',
  'operator',
  'manager',
  'teacher',
  'student',
  'producer',
  'contentmgr',
  'teamadmin',
  'annotator',
];

/** The app's menu pages a user may open: in the menu, inside the app, no required parameter; optional ones dropped. */
function menuPagesOf(permitted: Set<string>): string[] {
  const paths = MODULES.flatMap((m) => m.routes)
    .filter((r) => r.inMenu && !r.externalUrlSetting && permitted.has(r.name) && !/:\w+(\/|$)/.test(r.path))
    .map((r) => r.path.replace(/\/:\w+\?/g, ''));
  return [...new Set(paths)];
}

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

  it('every menu page of every demo role opens without a script error, a server error or an error page', async () => {
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
    for (const account of ACCOUNTS) {
      await loginAs(page, account);
      const detail = await call<{ user: { auth_menus: Record<string, unknown> } }>(page, '/user/detail', {});
      const pages = menuPagesOf(new Set(Object.keys(detail.user.auth_menus)));
      assert.ok(pages.length > 0, `${account} has no menu page`);
      for (const path of pages) {
        if (account === 'root' && visited.has(path)) continue;
        current = `${account} ${path}`;
        await page.goto(`${BASE_URL}${path}`);
        // The page has rendered in the shell (whose menu a full-window page hides) and its first data has come (no
        // spinner or skeleton left).
        await page.getByTestId('side-menu').waitFor({ state: 'attached' });
        await page.waitForTimeout(300);
        await page
          .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), null, {
            timeout: 10_000,
          })
          .catch(() => problems.push(`${current}: still loading after 10 s`));
        for (const shown of ['load-failed', 'error-page-403', 'error-page-404', 'error-page-500']) {
          const card = page.getByTestId(shown).first();
          if (await card.isVisible())
            problems.push(`${current}: ${shown} ${(await card.innerText()).replace(/\s+/g, ' ')}`);
        }
        visited.add(path);
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(visited.size > 40, `only ${visited.size} pages visited`);
  });
});
