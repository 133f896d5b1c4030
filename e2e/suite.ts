// Set-up shared by the specs: their browsers, fresh names, and users of their own (specs run concurrently, so each
// makes its own users and leaves the demo accounts as they are).
import { after, afterEach, before } from 'node:test';
import type { Page } from 'playwright-core';
import { type Browser, type BrowserOptions, createUser, login, openBrowser, screenshot } from './support.ts';

/** A suffix that keeps the names a test makes apart from those of other tests and runs. */
export function uniqueSuffix(): string {
  return `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
}

/**
 * Called inside a describe: opens one browser per name before its tests, screenshots each (`<spec>-failed-<name>`)
 * when a test fails, and closes them after. The browsers are in the answer once the tests run.
 */
export function useBrowsers<const N extends string>(spec: string, ...names: N[]): Record<N, Browser> {
  return useBrowsersWith(spec, Object.fromEntries(names.map((name) => [name, {}])) as Record<N, BrowserOptions>);
}

/** The same, each browser opened with its own options (e.g. `{ desk: {}, hand: { phone: true } }`). */
export function useBrowsersWith<const N extends string>(
  spec: string,
  options: Record<N, BrowserOptions>,
): Record<N, Browser> {
  const names = Object.keys(options) as N[];
  const browsers = {} as Record<N, Browser>;
  before(async () => {
    for (const name of names) browsers[name] = await openBrowser(options[name]);
  });
  afterEach(async (t) => {
    if ('passed' in t && t.passed) return;
    for (const name of names) await screenshot(browsers[name].page, `${spec}-failed-${name}`).catch(() => {});
  });
  after(async () => {
    for (const name of names) await browsers[name]?.close();
  });
  return browsers;
}

/** Logs `page` out (its cookies cleared) and in again as `username`. */
export async function loginAs(page: Page, username: string): Promise<void> {
  await page.context().clearCookies();
  await login(page, username);
}

export interface NewUser {
  username: string;
  roles: string[];
  nickname?: string;
}

/** Root, logged in on `page`, makes these users of the demo organisation; then `page` is logged in as the first. */
export async function loginAsNewUser(page: Page, users: [NewUser, ...NewUser[]]): Promise<void> {
  await loginAs(page, 'root');
  for (const user of users) await createUser(page, user.username, user.roles, user.nickname);
  await loginAs(page, users[0].username);
}
