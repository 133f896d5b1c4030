import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_URL ?? 'http://127.0.0.1:8080';
export const CAPTCHA_URL = process.env.E2E_CAPTCHA_URL ?? BASE_URL;
export const PASSWORD = 'Demo1234';
const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * What the server's Content Security Policy refused in any browser of this spec file: each page reports its
 * `securitypolicyviolation` events on the console (Chromium logs no console line for some, e.g. a caught eval).
 * Any at all fail the file when it ends (its exit code), so every spec checks that the policy breaks no page.
 */
const CSP_REPORT = 'csp-violation:';
const cspViolations: string[] = [];
process.on('exit', () => {
  if (cspViolations.length === 0) return;
  console.error(`The Content Security Policy refused:\n  ${cspViolations.join('\n  ')}`);
  process.exitCode = 1;
});

/** A phone: 390 × 844 CSS pixels (an iPhone 12-14's screen) at twice the density, touch, a phone browser's name. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

export interface BrowserOptions {
  locale?: string;
  phone?: boolean;
}

/**
 * A fresh Chromium profile (headless, no sandbox, software GL), in zh-CN unless asked otherwise; a 1440 × 900
 * desktop window, or a phone (`phone: true`).
 */
export async function openBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    locale: options.locale ?? 'zh-CN',
    ...(options.phone ? PHONE : { viewport: { width: 1440, height: 900 } }),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // No GPU here: WebGL (the point cloud tool) runs on SwiftShader.
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      // Live rooms: a generated camera and microphone, allowed without a prompt.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  await context.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${prefix} ${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  }, CSP_REPORT);
  context.on('console', (message) => {
    if (message.text().startsWith(CSP_REPORT)) cspViolations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Logs in through the login form (the server started with CAPTCHA=off) and waits for the shell or `expectPath`. */
export async function login(page: Page, username: string, options: { from?: string; baseUrl?: string } = {}) {
  const base = options.baseUrl ?? BASE_URL;
  await page.goto(`${base}/login${options.from ? `?from=${encodeURIComponent(options.from)}` : ''}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The 6-digit code of the newest mail to `address`, read from the mail sink (e2e/mail-sink.mjs); waits up to 10 s. */
export async function mailedCode(address: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  assert.ok(dir, 'E2E_MAIL_DIR is set by e2e/run.mjs');
  for (let waited = 0; waited < 10_000; waited += 200) {
    const codes = readdirSync(dir)
      .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; text: string })
      .filter((mail) => mail.to.includes(address.toLowerCase()))
      .map((mail) => /\b\d{6}\b/.exec(mail.text)?.[0]);
    if (codes[0]) return codes[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code was mailed to ${address}`);
}

/** In a sign-up form whose email is typed: sends the code (the countdown starts) and types the mailed code in. */
export async function enterSignupCode(page: Page, email: string): Promise<void> {
  await page.getByTestId('signup-send-code').click();
  await page.getByTestId('signup-code-sent').waitFor();
  assert.match(await page.getByTestId('signup-send-code').innerText(), /\d+ (秒后重试|seconds)/);
  await page.getByTestId('signup-code').fill(await mailedCode(email));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Texts of the module tabs in the top bar. */
export async function moduleTabs(page: Page): Promise<string[]> {
  await page.locator('.module-tabs .ant-tabs-tab').first().waitFor();
  return page.locator('.module-tabs .ant-tabs-tab').allInnerTexts();
}

/** Texts of the left menu's entries. */
export async function menuEntries(page: Page): Promise<string[]> {
  await page.locator('[data-testid="side-menu"] .ant-menu-item').first().waitFor();
  return page.locator('[data-testid="side-menu"] .ant-menu-item').allInnerTexts();
}

/**
 * Waits for the open dialog's zoom-in to end (antd's motion classes gone): a dropdown opened in a dialog that still
 * zooms in is placed where the dialog was, under its other fields, and a click on its option is lost.
 */
export async function dialogOpened(page: Page): Promise<void> {
  await page.locator('.ant-modal:not([class*="ant-zoom-"])').last().waitFor();
}

/** Picks the option showing `text` in the select named by its test id (from that select's own dropdown). */
export async function chooseOption(
  page: Page,
  testId: string,
  text: string,
  options: { timeout?: number } = {},
): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click(options);
  const inputId = await select.locator('input').first().getAttribute('id', options);
  await page
    .locator(`.ant-select-dropdown:has([id="${inputId}_list"]) .ant-select-item-option`, { hasText: text })
    .first()
    .click(options);
}

/** Opens My tasks filtered to a demo project and starts its task named `task` (e.g. 标注 · 第1批) in the job frame. */
export async function startMyTask(page: Page, project: string, task: string): Promise<void> {
  await page.goto(`${BASE_URL}/production/task/my/doing`);
  await chooseOption(page, 'my-task-project-filter', project);
  const row = page
    .getByTestId('my-task-table')
    .locator('tr.ant-table-row', { hasText: project })
    .filter({ hasText: task });
  await row.locator('[data-testid^="task-start-"]').click();
  await page.getByTestId('job-frame').waitFor();
}

/**
 * Leaves the job frame by Exit and its confirmation, and waits for My tasks. When the page does not get there, the
 * failure names what the user saw instead (the address, any message shown, whether the confirmation stayed open).
 */
export async function exitJobFrame(page: Page): Promise<void> {
  await page.getByTestId('job-exit').click();
  const confirm = page.getByTestId('job-exit-confirm');
  await confirm.click();
  // Twice in full CI runs the confirmation stayed open with nothing shown after its button was clicked (a click that
  // landed while the dialog still zoomed in on a busy machine): a dialog still open after 10 s is clicked again.
  const reached = (timeout: number) =>
    page
      .waitForURL((url) => url.pathname.startsWith('/production/task/my'), { timeout })
      .then(
        () => true,
        () => false,
      );
  for (let tries = 0; tries < 2; tries++) {
    if (await reached(10_000)) return;
    if (await confirm.isVisible()) await confirm.click().catch(() => undefined);
  }
  try {
    // Up to 30 s: once, under a full CI run, the server took over 15 s to answer /task/exit (the server now logs a
    // call slower than 3 s as a warning, which names it in the run's output).
    await page.waitForURL((url) => url.pathname.startsWith('/production/task/my'), { timeout: 30_000 });
  } catch (error) {
    const messages = await page.locator('.ant-message-notice').allInnerTexts();
    const confirmOpen = await page.getByTestId('job-exit-confirm').isVisible();
    throw new Error(
      `Exit did not reach My tasks: at ${page.url()}, messages ${JSON.stringify(messages)}, confirmation ${
        confirmOpen ? 'still open' : 'closed'
      } (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
}

/**
 * What the web client sends with every call beside the session cookie: the server refuses a POST signed in by the
 * cookie alone without it (a cross-site form cannot send it).
 */
export const CALL_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

/** Calls a procedure with the page's session (its cookie) and answers its data; fails on an error answer. */
export async function call<T = Record<string, unknown>>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`${BASE_URL}/api${path}`, { data, headers: CALL_HEADERS });
  const body = (await response.json()) as { data?: T; error?: string; message?: string };
  assert.equal(body.error, undefined, `${path}: ${body.error} ${body.message ?? ''}`);
  return body.data as T;
}

/** Root (logged in on `rootPage`) makes a user of the demo organisation with these roles. */
export async function createUser(
  rootPage: Page,
  username: string,
  roles: string[],
  nickname = username,
): Promise<void> {
  await call(rootPage, '/user/create', { username, nickname, password: PASSWORD, roles });
}

/** Logs `page` in as a fresh user made by root on `rootPage`. */
export async function loginFresh(page: Page, rootPage: Page, username: string, roles: string[]): Promise<void> {
  await createUser(rootPage, username, roles);
  await page.context().clearCookies();
  await login(page, username);
}
