import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useBrowsers } from '../suite.ts';
import { call, chooseOption, login, openBrowser, screenshot, startMyTask } from '../support.ts';

const PROJECT = '街景车辆框选';
const TASK = '标注 · 第2批';

/** Draws a box on the image stage from and to points given in stage fractions, and waits for its row. */
async function drawBox(page: Page, index: number, from: [number, number], to: [number, number]) {
  const stage = page.locator('[data-testid="image-stage"][data-image-ready="true"]');
  await stage.waitFor();
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 5 });
  await page.mouse.up();
  await page.getByTestId(`shape-item-${index}`).waitFor();
}

const labelOf = (page: Page, index: number) => page.getByTestId(`shape-item-${index}`).innerText();

/** The labels of the shapes of the draft the server holds for the job shown (saved first). */
async function savedLabels(page: Page): Promise<string[]> {
  await page.getByTestId('job-save').click();
  await page.getByTestId('job-save-state').filter({ hasText: /\d/ }).waitFor();
  const taskId = Number(new URL(page.url()).searchParams.get('task_id'));
  const view = await call<{ job: { draft: { shapes: { label?: string }[] } } }>(page, '/task/execute', {
    task_id: taskId,
  });
  return view.job.draft.shapes.map((s) => s.label ?? '');
}

/** Whether an element lies wholly inside the viewport. */
async function inView(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const size = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

/** The page scrolls neither way, and no button of the header cuts its text. */
async function fitsWindow(page: Page) {
  const overflow = await page.evaluate(() => ({
    horizontal: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    vertical: document.documentElement.scrollHeight - document.documentElement.clientHeight,
    clipped: [...document.querySelectorAll('[data-testid="job-frame-header"] button')]
      .filter((b) => b.scrollWidth > b.clientWidth + 1)
      .map((b) => b.textContent),
  }));
  assert.deepEqual(overflow, { horizontal: 0, vertical: 0, clipped: [] });
}

describe('job frame', () => {
  const browsers = useBrowsers('job-frame', 'annotator');

  it('two boxes with two labels keep both labels; a label pick never relabels, the row does and undo takes it back', async () => {
    const a = browsers.annotator.page;
    await login(a, 'annotator');
    await startMyTask(a, PROJECT, TASK);
    await a.getByTestId('label-汽车').click();
    await a.getByTestId('tool-box').click();
    await drawBox(a, 0, [0.1, 0.2], [0.3, 0.5]);

    // Box 1 is still selected: choosing the next label (a click, then its key) leaves it a car.
    await a.getByTestId('label-交通灯').click();
    assert.match(await labelOf(a, 0), /汽车/);
    await a.keyboard.press('3');
    assert.match(await labelOf(a, 0), /汽车/);
    await a.keyboard.press('4');
    await drawBox(a, 1, [0.55, 0.15], [0.7, 0.45]);
    assert.match(await labelOf(a, 0), /汽车/);
    assert.match(await labelOf(a, 1), /交通灯/);
    assert.deepEqual(await savedLabels(a), ['汽车', '交通灯']);

    // The explicit change of label in box 1's row relabels it; the frame's undo takes it back.
    await chooseOption(a, 'shape-relabel-0', '行人');
    assert.match(await labelOf(a, 0), /行人/);
    assert.match(await labelOf(a, 1), /交通灯/);
    await a.getByTestId('job-undo').click();
    await a.getByTestId('shape-item-0').filter({ hasText: '汽车' }).waitFor();
    assert.deepEqual(await savedLabels(a), ['汽车', '交通灯']);
  });

  it('fills 1440×900 without the shell: Submit and Exit in view, shapes in the side panel; submits', async () => {
    const a = browsers.annotator.page;
    await startMyTask(a, PROJECT, TASK);
    await a.locator('[data-testid="image-stage"][data-image-ready="true"]').waitFor();
    await a.getByTestId('job-side-panel').getByTestId('shape-item-1').waitFor();
    assert.equal(await inView(a, 'job-submit'), true, 'Submit in view');
    assert.equal(await inView(a, 'job-exit'), true, 'Exit in view');
    assert.equal(await inView(a, 'image-stage'), true, 'the whole canvas in view');
    await fitsWindow(a);
    for (const away of ['side-menu', 'todo-panel', 'message-bell']) {
      assert.equal(await a.getByTestId(away).isVisible(), false, `${away} out of the way`);
    }
    await screenshot(a, 'job-frame-1440x900-zh-CN');

    await a.getByTestId('job-submit').click();
    await a.getByTestId('shape-item-1').waitFor({ state: 'detached' });
    // Back to My tasks: the shell is there again.
    await a.getByTestId('job-leave').click();
    await a.waitForURL((url) => url.pathname.startsWith('/production/task/my'));
    await a.getByTestId('side-menu').waitFor();
  });

  it('in English at 1280×720 the header fits and no text is cut', async () => {
    const english = await openBrowser({ locale: 'en-US' });
    const e = english.page;
    try {
      await e.setViewportSize({ width: 1280, height: 720 });
      await login(e, 'annotator');
      await startMyTask(e, PROJECT, TASK);
      await e.locator('[data-testid="image-stage"][data-image-ready="true"]').waitFor();
      assert.equal(await e.getByTestId('job-submit').innerText(), 'Submit');
      assert.equal(await inView(e, 'job-submit'), true, 'Submit in view');
      await fitsWindow(e);
      await screenshot(e, 'job-frame-1280x720-en-US');
    } catch (error) {
      await screenshot(e, 'job-frame-failed-english').catch(() => {});
      throw error;
    } finally {
      await english.close();
    }
  });
});
