import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  BASE_URL,
  type Browser,
  chooseOption,
  exitJobFrame,
  login,
  openBrowser,
  screenshot,
  startMyTask,
} from '../support.ts';

/** The image stage, once its image is drawn, and a point on it in stage fractions. */
async function stage(page: Page) {
  const element = page.locator('[data-testid="image-stage"][data-image-ready="true"]');
  await element.waitFor();
  const box = (await element.boundingBox())!;
  return (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
}

const shapeCount = (page: Page) => page.locator('[data-testid^="shape-item-"]').count();

describe('annotation workbench', () => {
  let annotator: Browser;
  let reviewer: Browser;
  before(async () => {
    annotator = await openBrowser();
    reviewer = await openBrowser();
    await login(annotator.page, 'annotator');
    await login(reviewer.page, 'reviewer');
  });
  afterEach(async (t) => {
    if ('passed' in t && t.passed) return;
    await screenshot(annotator.page, 'workbench-failed-annotator').catch(() => {});
    await screenshot(reviewer.page, 'workbench-failed-reviewer').catch(() => {});
  });
  after(async () => {
    await annotator.close();
    await reviewer.close();
  });

  it('draws a labelled box, undoes and redoes it, submits, and the reviewer sees the same box', async () => {
    const a = annotator.page;
    await startMyTask(a, '街景车辆框选', '标注 · 第1批');
    const at = await stage(a);
    await a.getByTestId('label-汽车').click();
    await a.getByTestId('tool-box').click();
    const from = at(0.3, 0.3);
    const to = at(0.6, 0.7);
    await a.mouse.move(from.x, from.y);
    await a.mouse.down();
    await a.mouse.move(to.x, to.y, { steps: 5 });
    await a.mouse.up();
    await a.getByTestId('shape-item-0').waitFor();
    assert.match(await a.getByTestId('shape-item-0').innerText(), /汽车/);
    await a.getByTestId('job-undo').click();
    await a.getByTestId('shape-item-0').waitFor({ state: 'detached' });
    await a.getByTestId('job-redo').click();
    await a.getByTestId('shape-item-0').waitFor();
    await screenshot(a, 'workbench-box-zh-CN');
    await a.getByTestId('job-submit').click();
    await a.waitForFunction(() => !document.querySelector('[data-testid="shape-item-0"]'));

    const r = reviewer.page;
    await startMyTask(r, '街景车辆框选', '审核 · 第1批');
    await r.getByTestId('job-subject').waitFor();
    await stage(r);
    assert.equal(await shapeCount(r), 1);
    assert.match(await r.getByTestId('shape-item-0').innerText(), /汽车/);
  });

  it('draws a polygon and places the 17 body key points with their skeleton', async () => {
    const a = annotator.page;
    await startMyTask(a, '道路区域分割', '标注 · 第1批');
    let at = await stage(a);
    await a.getByTestId('tool-poly').click();
    for (const [fx, fy] of [
      [0.2, 0.2],
      [0.5, 0.15],
      [0.6, 0.5],
      [0.25, 0.6],
    ] as const) {
      const p = at(fx, fy);
      await a.mouse.click(p.x, p.y);
    }
    await a.keyboard.press('Enter');
    await a.getByTestId('shape-item-0').waitFor();
    // The new polygon stays selected; choosing the label of the next shape does not relabel it.
    assert.match(await a.getByTestId('shape-item-0').innerText(), /道路/);
    await a.getByTestId('label-建筑').click();
    await a.keyboard.press('3');
    assert.match(await a.getByTestId('shape-item-0').innerText(), /道路/);
    await a.getByTestId('job-submit').click();
    await a.waitForFunction(() => !document.querySelector('[data-testid="shape-item-0"]'));

    await startMyTask(a, '人脸关键点', '标注 · 第1批');
    at = await stage(a);
    const tool = a.locator('[data-testid^="tool-"]:not([data-testid="tool-select"]):not([data-testid="tool-hand"])');
    await tool.first().click();
    for (let i = 0; i < 17; i++) {
      const p = at(0.2 + (i % 6) * 0.1, 0.2 + Math.floor(i / 6) * 0.2);
      await a.mouse.click(p.x, p.y);
    }
    await a.getByTestId('shape-item-0').waitFor();
    await a.getByTestId('keypoint-panel').waitFor();
    assert.equal(await a.locator('[data-testid^="keypoint-v-"]').count(), 17);
    await screenshot(a, 'workbench-keypoints-zh-CN');
    await a.getByTestId('job-submit').click();
    await a.waitForFunction(() => !document.querySelector('[data-testid="job-problems"]'));
  });

  it('tags three entities in a text and submits', async () => {
    const a = annotator.page;
    await startMyTask(a, '新闻实体标注', '标注 · 第1批');
    const content = a.getByTestId('text-content');
    await content.waitFor();
    const text = await content.innerText();
    const labels = ['人名', '地名', '机构'];
    for (const [index, label] of labels.entries()) {
      // Select a few characters of the text (as a drag would), then tag them.
      await a.evaluate(
        ({ start, length }) => {
          const root = document.querySelector('[data-testid="text-content"]')!;
          root.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          let offset = 0;
          const range = document.createRange();
          let node = walker.nextNode();
          let begun = false;
          while (node) {
            const size = node.textContent?.length ?? 0;
            if (!begun && offset + size > start) {
              range.setStart(node, start - offset);
              begun = true;
            }
            if (begun && offset + size >= start + length) {
              range.setEnd(node, start + length - offset);
              break;
            }
            offset += size;
            node = walker.nextNode();
          }
          const selection = window.getSelection()!;
          selection.removeAllRanges();
          selection.addRange(range);
          window.dispatchEvent(new MouseEvent('mouseup'));
        },
        { start: index * 6, length: 2 },
      );
      await a.getByTestId('text-untagged-warning').waitFor();
      await a.getByTestId(`text-label-${label}`).click();
      await a.getByTestId(`entity-${index}`).waitFor();
    }
    assert.ok(text.length > 20);
    // The last entity is selected: a label key with no text selected does not relabel it; its row's label does,
    // and the frame's undo takes that back.
    await a.keyboard.press('1');
    assert.match(await a.getByTestId('entity-row-2').innerText(), /机构/);
    await chooseOption(a, 'entity-label-2', '时间');
    await a.getByTestId('entity-row-2').filter({ hasText: '时间' }).waitFor();
    await a.getByTestId('job-undo').click();
    await a.getByTestId('entity-row-2').filter({ hasText: '机构' }).waitFor();
    await screenshot(a, 'workbench-text-zh-CN');
    await a.getByTestId('job-submit').click();
    await a.waitForFunction(() => !document.querySelector('[data-testid="entity-0"]'));
  });

  it('refuses a form with a required item empty, and keeps a saved draft across a reload', async () => {
    const a = annotator.page;
    await startMyTask(a, '商品信息表单', '标注 · 第2批');
    await chooseOption(a, 'field-category', '家居');
    await a.getByTestId('job-submit').click();
    const problems = a.getByTestId('job-problems');
    await problems.waitFor();
    assert.match(await problems.innerText(), /价格是否正确/);
    await a.getByTestId('job-save').click();
    await a.getByTestId('job-save-state').filter({ hasText: /\d/ }).waitFor();
    await a.reload();
    await a.getByTestId('job-frame').waitFor();
    await a.getByTestId('field-category').getByText('家居').waitFor();
    await exitJobFrame(a);
  });

  it('a component added in the visual template editor shows in the workbench', async () => {
    const root = await openBrowser();
    try {
      const page = root.page;
      await login(page, 'root', { from: '/production/template' });
      await page.goto(`${BASE_URL}/production/template`);
      const row = page.locator('.ant-table-row', { hasText: '商品信息核对（通用）' }).first();
      await row.locator('[data-testid^="template-edit-"]').click();
      await page.getByTestId('template-visual-editor').waitFor();
      await page.getByTestId('palette-textarea').click();
      // A click while the editor is still settling can be lost: given once more when no component came of it.
      await page
        .getByTestId('canvas-component-textarea1')
        .waitFor({ timeout: 5000 })
        .catch(() => page.getByTestId('palette-textarea').click());
      await page.getByTestId('canvas-component-textarea1').waitFor();
      await page.getByTestId('prop-label').fill('核对备注');
      await page.getByTestId('template-valid').waitFor();
      await page.getByTestId('template-save').click();
      await page.getByText('已保存').waitFor();
    } finally {
      await root.close();
    }

    const a = annotator.page;
    await startMyTask(a, '商品信息表单', '标注 · 第2批');
    await a.getByText('核对备注').waitFor();
    await a.getByTestId('field-textarea1').waitFor();
    await exitJobFrame(a);
  });
});
