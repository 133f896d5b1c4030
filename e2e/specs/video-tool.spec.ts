import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { type Browser, chooseOption, login, openBrowser, screenshot, startMyTask } from '../support.ts';

/** The video stage once the video's first frame is there, and a point on it in stage fractions. */
async function stage(page: Page) {
  await page.locator('[data-testid="video-ready"][data-video-ready="true"]').waitFor();
  const box = (await page.getByTestId('video-stage').boundingBox())!;
  return (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
}

/** Steps to the 0-based frame `n` with the next / previous frame buttons and waits until it is shown. */
async function goToFrame(page: Page, n: number) {
  const counter = page.getByTestId('video-frame-counter');
  const current = Number(await counter.getAttribute('data-frame'));
  const button = page.getByTestId(n > current ? 'video-next-frame' : 'video-prev-frame');
  // One step at a time, each waited for: a click during a seek must not be lost on a slow machine.
  const step = n > current ? 1 : -1;
  for (let frame = current + step; frame !== n + step; frame += step) {
    await button.click();
    await page.locator(`[data-testid="video-stage"][data-frame="${frame}"]`).waitFor();
  }
}

async function rowBox(page: Page, index: number) {
  const row = page.getByTestId(`track-row-${index}`);
  const read = async (name: string) => Number(await row.getAttribute(`data-${name}`));
  return {
    x: await read('x'),
    y: await read('y'),
    w: await read('w'),
    h: await read('h'),
    key: await row.getAttribute('data-key'),
    keys: await row.getAttribute('data-keys'),
  };
}

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 0.02, `${what}: ${actual} is not ${expected}`);

describe('video tool', () => {
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
    await screenshot(annotator.page, 'video-failed-annotator').catch(() => {});
    await screenshot(reviewer.page, 'video-failed-reviewer').catch(() => {});
  });
  after(async () => {
    await annotator.close();
    await reviewer.close();
  });

  it('tracks a box over two key frames, interpolates between them, plays through, and the reviewer sees it', async () => {
    const a = annotator.page;
    await startMyTask(a, '路口视频跟踪', '标注 · 第1批');
    const at = await stage(a);
    assert.equal(await a.getByTestId('video-frame-counter').getAttribute('data-frame'), '0');

    // Frame 1: a new track with its first key frame.
    await a.getByTestId('label-汽车').click();
    await a.getByTestId('video-tool-track').click();
    const from = at(0.35, 0.35);
    const to = at(0.5, 0.55);
    await a.mouse.move(from.x, from.y);
    await a.mouse.down();
    await a.mouse.move(to.x, to.y, { steps: 5 });
    await a.mouse.up();
    await a.getByTestId('track-row-0').waitFor();
    const first = await rowBox(a, 0);
    assert.equal(first.keys, '0');
    assert.match(await a.getByTestId('track-name-0').innerText(), /汽车/);
    // The new track is selected: picking the next label leaves it; the track panel's label changes it, undo back.
    await a.getByTestId('label-行人').click();
    assert.match(await a.getByTestId('track-name-0').innerText(), /汽车/);
    await chooseOption(a, 'track-relabel', '自行车');
    await a.getByTestId('track-name-0').filter({ hasText: '自行车' }).waitFor();
    await a.getByTestId('job-undo').click();
    await a.getByTestId('track-name-0').filter({ hasText: '汽车' }).waitFor();

    // Frame 10: the box held from frame 1, dragged to the right and down: a second key frame.
    await goToFrame(a, 9);
    assert.equal((await rowBox(a, 0)).key, 'false');
    const middle = at(0.425, 0.45);
    await a.mouse.move(middle.x, middle.y);
    await a.mouse.down();
    await a.mouse.move(middle.x + 90, middle.y + 45, { steps: 8 });
    await a.mouse.up();
    await a.waitForFunction(
      () => document.querySelector('[data-testid="track-row-0"]')?.getAttribute('data-keys') === '0,9',
    );
    const last = await rowBox(a, 0);
    assert.ok(last.x > first.x + 20 && last.y > first.y + 10, 'the box moved on frame 10');
    close(last.w, first.w, 'width kept');

    // Frame 5 shows the box 4/9 of the way from frame 1 to frame 10, in the timeline and the track panel.
    await goToFrame(a, 4);
    const middleBox = await rowBox(a, 0);
    assert.equal(middleBox.key, 'false');
    close(middleBox.x, Math.round((first.x + ((last.x - first.x) * 4) / 9) * 100) / 100, 'interpolated x');
    close(middleBox.y, Math.round((first.y + ((last.y - first.y) * 4) / 9) * 100) / 100, 'interpolated y');
    await a.getByTestId('track-name-0').click();
    close(Number(await a.getByTestId('track-box-x').innerText()), middleBox.x, 'panel x');
    assert.equal(await a.locator('[data-testid^="track-key-0-"]').count(), 2);
    await screenshot(a, 'video-track-zh-CN');

    // The template asks for the video to be played through before submitting.
    await a.getByTestId('job-submit').click();
    await a.getByTestId('video-must-play').waitFor();
    assert.equal(await a.getByTestId('track-row-0').count(), 1, 'still in the job');
    // Played from frame 5 on, the start is missed: the whole video from the first frame.
    await goToFrame(a, 0);
    await a.getByTestId('video-play').click();
    await a.locator('[data-testid="video-played"][data-played="true"]').waitFor({ timeout: 20_000 });
    await a.getByTestId('job-submit').click();
    await a.waitForFunction(() => !document.querySelector('[data-testid="track-row-0"]'));

    const r = reviewer.page;
    await startMyTask(r, '路口视频跟踪', '审核 · 第1批');
    await r.getByTestId('job-subject').waitFor();
    await stage(r);
    await r.getByTestId('track-row-0').waitFor();
    const seen = await rowBox(r, 0);
    assert.equal(seen.keys, '0,9');
    assert.match(await r.getByTestId('track-name-0').innerText(), /汽车/);
    await goToFrame(r, 4);
    close((await rowBox(r, 0)).x, middleBox.x, 'reviewer sees the interpolated box');
  });
});
