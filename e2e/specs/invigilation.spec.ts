import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { noJanus, waitForFrames } from '../live-media.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, call, chooseOption, dialogOpened, screenshot } from '../support.ts';
import { tileLayoutProblems } from '../tile-layout.ts';

/**
 * The candidate on `page` joins and starts the exam from its pre-exam page (which says the screen is shared too); the
 * camera panel shows, asking for the screen once the camera is open.
 */
async function startExam(page: Page, examId: number): Promise<void> {
  await page.goto(`${BASE_URL}/trainingcamp/pre-exam?id=${examId}`);
  await page.getByTestId('pre-exam-screen').waitFor();
  await page.getByTestId('pre-exam-join').click();
  await page.getByTestId('pre-exam-start').click();
  await page.waitForURL(/\/exam\?id=\d+&attempt=\d+/);
  await page.getByTestId('exam-answering').waitFor();
  await page.getByTestId('exam-camera').waitFor();
  await page.locator('[data-testid="exam-screen"][data-state="ask"]').waitFor();
}

/** Makes the next screen requests of `page` refused, as when the candidate closes the browser's picker (or not). */
async function refuseScreen(page: Page, refuse: boolean): Promise<void> {
  await page.evaluate((on) => {
    const devices = navigator.mediaDevices as MediaDevices & { realDisplayMedia?: MediaDevices['getDisplayMedia'] };
    devices.realDisplayMedia ??= devices.getDisplayMedia.bind(devices);
    devices.getDisplayMedia = on
      ? () => Promise.reject(new DOMException('refused', 'NotAllowedError'))
      : devices.realDisplayMedia;
  }, refuse);
}

/** The invigilator's grid at the widths of 4, 3, 2 and 1 tiles a row, in English: every tile readable. */
async function checkTileWidths(t: Page): Promise<void> {
  await t.evaluate(() => localStorage.setItem('lang', 'en-US'));
  await t.reload();
  await t.locator('[data-testid^="invigilation-tile-"]').first().waitFor();
  await t.getByText('Screen shared').first().waitFor();
  const problems: string[] = [];
  for (const [columns, width] of [
    [4, 1440],
    [3, 1100],
    [2, 800],
    [1, 480],
  ] as const) {
    await t.setViewportSize({ width, height: 900 });
    await t.waitForTimeout(300);
    const share = await t
      .locator('[data-testid^="invigilation-tile-"]')
      .first()
      .evaluate((tile) => tile.getBoundingClientRect().width / tile.closest('.ant-row')!.getBoundingClientRect().width);
    assert.ok(Math.abs(share - 1 / columns) < 0.05, `${columns} a row at ${width}px: a tile takes ${share} of the row`);
    problems.push(
      ...(await tileLayoutProblems(t, '[data-testid^="invigilation-tile-"]')).map((p) => `${columns}: ${p}`),
    );
    await screenshot(t, `invigilation-grid-screen-en-US-${columns}`);
  }
  await t.setViewportSize({ width: 1440, height: 900 });
  await t.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  assert.deepEqual(problems, []);
}

describe('live invigilation', () => {
  const browsers = useBrowsers('invigilation', 'teacher', 'first', 'second');

  it("the invigilator's grid shows two candidates' cameras and a shared screen during an exam; a warning reaches one; a page left shows a stopped camera", {
    skip: noJanus,
  }, async () => {
    const suffix = uniqueSuffix();
    const t = browsers.teacher.page;
    const [first, second] = [browsers.first.page, browsers.second.page];
    const [firstName, secondName] = [`ivfirst${suffix}`, `ivsecond${suffix}`];
    await loginAsNewUser(t, [
      { username: `ivteach${suffix}`, roles: ['role_teacher'] },
      { username: firstName, roles: ['role_student'], nickname: `甲${suffix}` },
      { username: secondName, roles: ['role_student'], nickname: `乙${suffix}` },
    ]);
    const now = Date.now();
    const examName = `监考考试${suffix}`;
    const exam = await call<{ id: number }>(t, '/dataset-examine/create', {
      name: examName,
      paper_mode: 'random',
      blueprint: {
        total: 3,
        type_ratios: { single: 1, multiple: 0, judge: 0 },
        difficulty_ratios: { easy: 0, medium: 0, hard: 0 },
      },
      pass_score: 60,
      duration_seconds: 30 * 60,
      live_invigilation: true,
      invigilation_screen: true,
      window_start: new Date(now - 60_000).toISOString(),
      window_end: new Date(now + 3_600_000).toISOString(),
    });
    await call(t, '/dataset-examine/publish', { id: exam.id });

    await loginAs(first, firstName);
    await loginAs(second, secondName);
    await startExam(first, exam.id);
    await startExam(second, exam.id);
    // The first candidate shares the screen; the second refuses, is told, and may share again.
    await first.getByTestId('exam-screen-share').click();
    await first.locator('[data-testid="exam-screen"][data-state="live"]').waitFor({ timeout: 30_000 });
    await screenshot(first, 'invigilation-screen-shared-zh-CN');
    await refuseScreen(second, true);
    await second.getByTestId('exam-screen-share').click();
    await second.locator('[data-testid="exam-screen"][data-state="off"]').waitFor();
    assert.match(await second.getByTestId('exam-screen-note').innerText(), /拒绝/);
    assert.match(await second.getByTestId('exam-screen-share').innerText(), /重新共享/);
    await screenshot(second, 'invigilation-screen-refused-zh-CN');

    // The invigilator picks the exam: two tiles, each decoding the candidate's camera, and the count keeps growing.
    await t.goto(`${BASE_URL}/liveroom-invigilation-management`);
    await chooseOption(t, 'invigilation-exam', examName);
    const grid = await call<{ list: { user_id: number; attempt_id: number; nickname: string }[] }>(
      t,
      '/live-room/invigilation-grid',
      {
        exam_id: exam.id,
      },
    );
    const ids = Object.fromEntries(grid.list.map((row) => [row.nickname, row.user_id]));
    const [firstId, secondId] = [ids[`甲${suffix}`], ids[`乙${suffix}`]];
    assert.ok(firstId && secondId, `both candidates answering: ${JSON.stringify(grid.list)}`);
    for (const id of [firstId, secondId]) {
      await t.getByTestId(`invigilation-tile-${id}`).waitFor();
      const frames = await waitForFrames(t, `invigilation-video-${id}`, 0);
      await waitForFrames(t, `invigilation-video-${id}`, frames);
    }
    assert.equal(await t.locator('[data-testid^="invigilation-tile-"]').count(), 2);
    // The first candidate's screen beside the camera, marked as the screen; the second's says it was not shared.
    const screenFrames = await waitForFrames(t, `invigilation-screen-video-${firstId}`, 0);
    await waitForFrames(t, `invigilation-screen-video-${firstId}`, screenFrames);
    await t.getByTestId(`invigilation-screen-badge-${firstId}`).waitFor();
    await t.getByTestId(`invigilation-screen-${firstId}`).getByText('屏幕共享中').waitFor();
    await t.getByTestId(`invigilation-no-screen-${secondId}`).waitFor();
    await t.getByTestId(`invigilation-screen-${secondId}`).getByText('屏幕共享已中断').waitFor({ timeout: 30_000 });
    await screenshot(t, 'invigilation-grid-zh-CN');
    // Clicking the screen opens it large; Esc closes it.
    await t.getByTestId(`invigilation-screen-open-${firstId}`).click();
    await dialogOpened(t);
    await waitForFrames(t, 'invigilation-screen-large', 0);
    await screenshot(t, 'invigilation-screen-large-zh-CN');
    await t.keyboard.press('Escape');
    await t.getByTestId('invigilation-screen-modal').waitFor({ state: 'detached' });
    // The second candidate shares after all.
    await refuseScreen(second, false);
    await second.getByTestId('exam-screen-share').click();
    await second.locator('[data-testid="exam-screen"][data-state="live"]').waitFor({ timeout: 30_000 });
    await waitForFrames(t, `invigilation-screen-video-${secondId}`, 0);

    // A warning to the first candidate shows on their page until acknowledged, and in the timeline.
    await t.getByTestId(`invigilation-warn-${firstId}`).click();
    await t.getByTestId('invigilation-warn-text').fill('请把手机放远一些');
    await t.getByTestId('invigilation-warn-send').click();
    const warning = first.getByTestId('invigilation-warning');
    await warning.getByText('请把手机放远一些').waitFor();
    await dialogOpened(first);
    await screenshot(first, 'invigilation-warning-zh-CN');
    await first.getByTestId('invigilation-warning-ok').click();
    await warning.waitFor({ state: 'detached' });
    await t.getByTestId(`invigilation-tile-${firstId}`).getByText('监考警告').first().waitFor();

    // The second candidate leaves the answering page: the media server says the camera went, the tile follows.
    await second.goto(`${BASE_URL}/trainingcamp/myexam/exam`);
    await t.getByTestId(`invigilation-tile-${secondId}`).getByText('摄像头已中断').first().waitFor({ timeout: 30_000 });
    const secondAttempt = grid.list.find((row) => row.user_id === secondId)!.attempt_id;
    const events = await call<{ list: { kind: string; detail: { source?: string } }[] }>(
      t,
      '/dataset-examine/attempt-events',
      { attempt_id: secondAttempt },
    );
    assert.ok(events.list.some((event) => event.kind === 'camera_stopped'));
    // The screen was refused (the page said so), then shared; its feed went with the page.
    const screenEvents = events.list.filter((event) => event.kind.startsWith('screen_'));
    assert.deepEqual(
      screenEvents.slice(0, 2).map((event) => event.kind),
      ['screen_stopped', 'screen_on'],
    );
    assert.equal(screenEvents[0]?.detail.source, 'page');
    await t.getByTestId(`invigilation-screen-${secondId}`).getByText('屏幕共享已中断').waitFor({ timeout: 30_000 });

    await checkTileWidths(t);
  });
});
