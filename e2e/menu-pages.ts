// The menu pages of the demo roles, shared by the page smoke test and the English sweep.
import type { Page } from 'playwright-core';
import { MODULES } from '../packages/contracts/src/navigation/modules.ts';
import { PAGES_IN_CLIENT } from '../packages/contracts/src/navigation/pages.ts';
import { loginAs } from './suite.ts';
import { BASE_URL, call } from './support.ts';

/** Demo accounts, one per role the demo organisation shows (each works in its first role); root holds every page. */
export const DEMO_ACCOUNTS = [
  'root',
  'operator',
  'manager',
  'teacher',
  'student',
  'producer',
  'contentmgr',
  'teamadmin',
  'annotator',
] as const;

/**
 * The app's menu pages a user may open: built (the menu shows only those), in the menu, inside the app, no required
 * parameter; optional ones dropped.
 */
function menuPagesOf(permitted: Set<string>): string[] {
  const built = new Set(PAGES_IN_CLIENT);
  const paths = MODULES.flatMap((m) => m.routes)
    .filter(
      (r) =>
        built.has(r.name) && r.inMenu && !r.externalUrlSetting && permitted.has(r.name) && !/:\w+(\/|$)/.test(r.path),
    )
    .map((r) => r.path.replace(/\/:\w+\?/g, ''));
  return [...new Set(paths)];
}

/** Logs `page` in as `account` and answers the menu pages its current role may open. */
export async function loginForMenuPages(page: Page, account: string): Promise<string[]> {
  await loginAs(page, account);
  const detail = await call<{ user: { auth_menus: Record<string, unknown> } }>(page, '/user/detail', {});
  return menuPagesOf(new Set(Object.keys(detail.user.auth_menus)));
}

/**
 * Opens a menu page and waits until it has rendered in the shell with its first data (no spinner or skeleton
 * left, no fade still running: a list fading in from its loading state is not yet its final colours); answers false
 * when it is still loading after 10 s.
 */
export async function openMenuPage(page: Page, path: string): Promise<boolean> {
  await page.goto(`${BASE_URL}${path}`);
  // The page has rendered in the shell (whose menu a full-window page hides).
  await page.getByTestId('side-menu').waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  return page
    .waitForFunction(
      () =>
        !document.querySelector('.ant-spin-spinning, .ant-skeleton-active') &&
        !document.getAnimations().some((animation) => animation instanceof CSSTransition),
      null,
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
}
