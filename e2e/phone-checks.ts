// Checks of a page on the phone viewport (390 × 844, `openBrowser({ phone: true })`): nothing sideways, the main
// action reachable, a screenshot once the page stands still.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support.ts';

/**
 * Nothing scrolls sideways: neither the page nor its content area (`.page-area` in the shell, the page's own
 * container outside it) is wider than the window.
 */
async function assertNoSidewaysScroll(page: Page, name: string, area: string): Promise<void> {
  const widths = await page.evaluate((selector) => {
    const content = document.querySelector(selector);
    return {
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
      content: content?.scrollWidth ?? -1,
      contentBox: content?.clientWidth ?? -1,
    };
  }, area);
  assert.equal(widths.window, 390, `${name}: the window is a phone's`);
  assert.ok(
    widths.page <= widths.window,
    `${name}: the page is ${widths.page} px wide in a ${widths.window} px window`,
  );
  assert.ok(widths.content > 0, `${name}: ${area} is on the page`);
  assert.ok(
    widths.content <= widths.contentBox,
    `${name}: ${area} holds ${widths.content} px in ${widths.contentBox} px`,
  );
}

/** The action is on the screen once scrolled to (up or down only), and nothing covers it. */
export async function assertReachable(page: Page, action: Locator, name: string): Promise<void> {
  await action.scrollIntoViewIfNeeded();
  const box = await action.boundingBox();
  assert.ok(box, `${name}: the action is shown`);
  assert.ok(
    box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844,
    `${name}: the action lies at ${JSON.stringify(box)}`,
  );
  assert.equal(await page.evaluate(() => window.scrollX), 0, `${name}: reached without scrolling sideways`);
  const onTop = await action.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && element.contains(hit);
  });
  assert.ok(onTop, `${name}: nothing covers the action`);
}

/** Waits for the page's animations (drawers, dialogs, pages appearing) to end; endless ones (spinners) aside. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** Saves `phone-<name>.png` once the page stands still. */
export async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, `phone-${name}`);
}

/**
 * Checks a page of the phone once its main action (else its content area) is there: no sideways scroll, the
 * action reachable; then saves its screenshot.
 */
export async function checkPage(page: Page, name: string, action?: Locator, area = '.page-area'): Promise<void> {
  await (action ?? page.locator(area)).first().waitFor();
  await settled(page);
  await assertNoSidewaysScroll(page, name, area);
  if (action) await assertReachable(page, action, name);
  await shoot(page, name);
}
