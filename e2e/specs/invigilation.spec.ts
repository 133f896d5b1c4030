import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { noJanus, waitForFrames } from '../live-media.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, call, chooseOption, dialogOpened, screenshot } from '../support.ts';

/** The candidate on `page` joins and starts the exam from its pre-exam page; the camera panel shows. */
async function startExam(page: Page, examId: number): Promise<void> {
  await page.goto(`${BASE_URL}/trainingcamp/pre-exam?id=${examId}`);
  await page.getByTestId('pre-exam-join').click();
  await page.getByTestId('pre-exam-start').click();
  await page.waitForURL(/\/exam\?id=\d+&attempt=\d+/);
  await page.getByTestId('exam-answering').waitFor();
  await page.getByTestId('exam-camera').waitFor();
}

describe('live invigilation', () => {
  const browsers = useBrowsers('invigilation', 'teacher', 'first', 'second');

  it("the invigilator's grid shows two candidates' cameras during an exam; a warning reaches one; a page left shows a stopped camera", {
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
      window_start: new Date(now - 60_000).toISOString(),
      window_end: new Date(now + 3_600_000).toISOString(),
    });
    await call(t, '/dataset-examine/publish', { id: exam.id });

    await loginAs(first, firstName);
    await loginAs(second, secondName);
    await startExam(first, exam.id);
    await startExam(second, exam.id);

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
    await screenshot(t, 'invigilation-grid-zh-CN');

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
  });
});
