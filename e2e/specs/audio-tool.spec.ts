import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { type Browser, chooseOption, login, openBrowser, screenshot, startMyTask } from '../support.ts';

/** The waveform once the audio is ready, and a point on it at a fraction of its width. */
async function waveform(page: Page) {
  await page.locator('[data-testid="audio-annotator"][data-ready="true"]').waitFor();
  const box = (await page.getByTestId('audio-waveform').boundingBox())!;
  return (fx: number) => ({ x: box.x + box.width * fx, y: box.y + box.height / 2 });
}

/** A region's transcript, whether shown as an editable text area or as read-only text. */
async function transcriptOf(page: Page, index: number) {
  const element = page.getByTestId(`audio-region-transcript-${index}`);
  const tag = await element.evaluate((e) => e.tagName);
  return tag === 'TEXTAREA' ? element.inputValue() : element.innerText();
}

const FIRST = '您好，这里是客服中心，请问有什么可以帮您？';
const SECOND = '我想查询一下订单的物流信息。';

/**
 * Clicks the waveform at `point` and waits until the playhead moved there (a click on a busy page can be taken
 * before the waveform handles it; the mark key must not run at the old position).
 */
async function seekTo(page: Page, point: { x: number; y: number }): Promise<void> {
  const time = () => page.getByTestId('audio-time').getAttribute('data-time');
  const before = await time();
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.mouse.click(point.x, point.y);
    const moved = await page
      .waitForFunction(
        (old) => document.querySelector('[data-testid="audio-time"]')?.getAttribute('data-time') !== old,
        before,
        { timeout: 2_000 },
      )
      .then(
        () => true,
        () => false,
      );
    if (moved) return;
  }
  assert.notEqual(await time(), before, 'the playhead did not move');
}

describe('audio tool', () => {
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
    await screenshot(annotator.page, 'audio-failed-annotator').catch(() => {});
    await screenshot(reviewer.page, 'audio-failed-reviewer').catch(() => {});
  });
  after(async () => {
    await annotator.close();
    await reviewer.close();
  });

  it('makes two labelled regions with transcripts, plays the audio through, submits; the reviewer sees them', async () => {
    const a = annotator.page;
    await startMyTask(a, '客服语音转写', '标注 · 第1批');
    let at = await waveform(a);

    // Region 1: drag on the waveform with the label 客服.
    await a.getByTestId('audio-label-客服').click();
    const from = at(0.1);
    const to = at(0.3);
    await a.mouse.move(from.x, from.y);
    await a.mouse.down();
    await a.mouse.move(to.x, to.y, { steps: 8 });
    await a.mouse.up();
    await a.getByTestId('audio-region-0').waitFor();
    // The frame's undo / redo take the region away and back.
    await a.keyboard.press('Control+z');
    await a.getByTestId('audio-region-0').waitFor({ state: 'detached' });
    await a.keyboard.press('Control+y');
    await a.getByTestId('audio-region-0').waitFor();

    // Region 2: label 客户 by its shortcut (region 1, still selected, keeps 客服), then the mark key twice.
    await a.keyboard.press('2');
    await a.locator('[data-testid="audio-label-客户"].ant-btn-primary').waitFor();
    assert.match(await a.getByTestId('audio-region-0').innerText(), /客服/);
    await seekTo(a, at(0.55));
    await a.keyboard.press('s');
    await a.getByTestId('audio-mark-pending').waitFor();
    await seekTo(a, at(0.8));
    await a.keyboard.press('s');
    await a.getByTestId('audio-region-1').waitFor();
    assert.match(await a.getByTestId('audio-region-0').innerText(), /客服/);
    assert.match(await a.getByTestId('audio-region-1').innerText(), /客户/);

    await a.getByTestId('audio-region-transcript-0').fill(FIRST);
    await a.getByTestId('audio-region-transcript-1').fill(SECOND);
    await a.getByTestId('audio-region-transcript-1').blur();

    // The template asks for the audio to be played through before submitting.
    await a.getByTestId('job-submit').click();
    await a.locator('.ant-message', { hasText: '完整播放' }).waitFor();
    await chooseOption(a, 'audio-speed', '2×');
    at = await waveform(a);
    const start = at(0);
    await a.mouse.click(start.x + 1, start.y);
    await a.getByTestId('audio-play').click();
    await a.locator('[data-testid="audio-play-through"][data-done="true"]').waitFor({ timeout: 20_000 });
    await screenshot(a, 'audio-regions-zh-CN');
    await a.getByTestId('job-submit').click();
    await a.waitForFunction(() => !document.querySelector('[data-testid="audio-region-0"]'));

    const r = reviewer.page;
    await startMyTask(r, '客服语音转写', '审核 · 第1批');
    await r.getByTestId('job-subject').waitFor();
    await waveform(r);
    assert.equal(await r.locator('[data-testid^="audio-region-"][data-selected]').count(), 2);
    assert.match(await r.getByTestId('audio-region-0').innerText(), /客服/);
    assert.match(await r.getByTestId('audio-region-1').innerText(), /客户/);
    assert.equal(await transcriptOf(r, 0), FIRST);
    assert.equal(await transcriptOf(r, 1), SECOND);
    await screenshot(r, 'audio-review-zh-CN');
  });

  it('says the audio failed to load when its file cannot be fetched', async () => {
    const a = annotator.page;
    await a.route('**/api/file/data-item/**', (route) => route.fulfill({ status: 404, body: 'missing' }));
    try {
      await startMyTask(a, '客服语音转写', '标注 · 第2批');
      const failed = a.getByTestId('audio-load-failed');
      await failed.waitFor();
      assert.match(await failed.innerText(), /音频加载失败/);
      await a.getByTestId('audio-retry').waitFor();
    } finally {
      await a.unroute('**/api/file/data-item/**');
    }
    await a.getByTestId('audio-retry').click();
    await a.locator('[data-testid="audio-annotator"][data-ready="true"]').waitFor();
  });
});
