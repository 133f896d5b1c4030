import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, call, login, screenshot } from '../support.ts';

/** Seconds left on the countdown (mm:ss or h:mm:ss). */
async function secondsLeft(page: Page): Promise<number> {
  const text = await page.getByTestId('exam-countdown').innerText();
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

async function answerState(page: Page, index: number): Promise<string | null> {
  return page.getByTestId(`exam-sheet-${index}`).getAttribute('data-answered');
}

/**
 * The teacher on `page` creates and publishes a random exam of `total` questions in these type ratios, pass score
 * 60, open from a minute ago for an hour, with the other `fields` given; answers its id.
 */
async function publishRandomExam(
  page: Page,
  name: string,
  total: number,
  typeRatios: { single: number; multiple: number; judge: number },
  fields: Record<string, unknown>,
): Promise<{ id: number }> {
  const now = Date.now();
  const exam = await call<{ id: number }>(page, '/dataset-examine/create', {
    name,
    paper_mode: 'random',
    blueprint: { total, type_ratios: typeRatios, difficulty_ratios: { easy: 0, medium: 0, hard: 0 } },
    pass_score: 60,
    window_start: new Date(now - 60_000).toISOString(),
    window_end: new Date(now + 3_600_000).toISOString(),
    ...fields,
  });
  await call(page, '/dataset-examine/publish', { id: exam.id });
  return exam;
}

describe('taking an exam', () => {
  const browsers = useBrowsers('exam-taking', 'teacher', 'student');

  it('a student answers a random exam through a reload and a network drop, submits, and sees the result', async () => {
    const suffix = uniqueSuffix();
    const examName = `端到端随机考试${suffix}`;
    const { teacher, student } = browsers;
    const t = teacher.page;
    const s = student.page;

    // A teacher and a student of their own in the demo organisation, made by root.
    await loginAsNewUser(t, [
      { username: `exteach${suffix}`, roles: ['role_teacher'] },
      { username: `exstu${suffix}`, roles: ['role_student'] },
    ]);

    // The teacher publishes a random exam (the teacher's pages are another module's: through the API).
    const exam = await publishRandomExam(
      t,
      examName,
      6,
      { single: 3, multiple: 1, judge: 2 },
      {
        description: '端到端考试说明',
        total_score: 100,
        duration_seconds: 20 * 60,
        attempts_allowed: 1,
        shuffle_questions: true,
        shuffle_options: true,
        show_analysis: true,
      },
    );

    // The student finds it in My exams, joins on the pre-exam page and starts.
    await login(s, `exstu${suffix}`);
    await s.goto(`${BASE_URL}/trainingcamp/myexam/exam`);
    const row = s.locator('.ant-table-row', { hasText: examName });
    await row.getByText('未参加').waitFor();
    await screenshot(s, 'exam-taking-my-exams');
    await row.getByTestId(`my-exam-start-${exam.id}`).click();
    await s.waitForURL(/\/trainingcamp\/pre-exam\?id=/);
    await s.getByTestId('pre-exam').getByText('20 分钟').waitFor();
    assert.equal(await s.getByTestId('pre-exam-attempts').innerText(), '0 / 1');
    await s.getByTestId('pre-exam-join').click();
    await s.getByText('已报名参加考试').waitFor();
    await s.getByTestId('pre-exam-start').click();
    await s.waitForURL(/\/exam\?id=\d+&attempt=\d+/);
    await s.getByTestId('exam-answering').waitFor();
    const attemptId = Number(new URL(s.url()).searchParams.get('attempt'));
    assert.equal(await s.getByTestId('exam-answered-count').innerText(), '已答 0 / 6');
    const started = await secondsLeft(s);
    assert.ok(started > 19 * 60 && started <= 20 * 60, `countdown at start: ${started}`);

    // Half the paper: by clicking the first option, then by the keyboard (2 = the second option, → next).
    await s.getByTestId('exam-option-0').click();
    await s.getByTestId('exam-save-state').getByText('已保存').waitFor();
    await s.getByTestId('exam-next').click();
    await s.getByTestId('exam-option-0').click();
    await s.keyboard.press('ArrowRight');
    await s.getByText('第 3 题 / 共 6 题').waitFor();
    await s.keyboard.press('2');
    await s.getByTestId('exam-answered-count').getByText('已答 3 / 6').waitFor();
    await s.getByTestId('exam-save-state').getByText('已保存').waitFor();
    for (const i of [0, 1, 2]) assert.equal(await answerState(s, i), 'saved');

    // A reload: the same attempt, the same answers, and the server's remaining time (not reset). The countdown
    // first moves below its starting value, so a reset would show.
    await s.waitForFunction((start) => {
      const text = document.querySelector('[data-testid="exam-countdown"]')?.textContent ?? '';
      return text.split(':').reduce((total, part) => total * 60 + Number(part), 0) < start;
    }, started);
    const beforeReload = await secondsLeft(s);
    const reloadedAt = Date.now();
    await s.reload();
    await s.getByTestId('exam-answering').waitFor();
    await s.getByTestId('exam-answered-count').getByText('已答 3 / 6').waitFor();
    await s.getByText('第 3 题 / 共 6 题').waitFor(); // back on the question the student was at
    const afterReload = await secondsLeft(s);
    const elapsed = (Date.now() - reloadedAt) / 1000;
    assert.ok(
      Math.abs(beforeReload - elapsed - afterReload) <= 4,
      `remaining ${beforeReload}s before the reload, ${afterReload}s after ${elapsed.toFixed(1)}s`,
    );
    assert.ok(afterReload < started, `countdown ${started}s at start, ${afterReload}s after the reload`);
    for (const i of [0, 1, 2]) assert.equal(await answerState(s, i), 'saved');
    assert.equal(await answerState(s, 3), 'no');

    // Offline for one answer: kept on the page and shown as waiting, then sent when the network is back.
    await student.context.setOffline(true);
    await s.getByTestId('exam-sheet-3').click();
    await s.getByTestId('exam-option-0').click();
    await s.getByTestId('exam-save-state').getByText('网络已断开，1 个答案待提交').waitFor();
    assert.equal(await answerState(s, 3), 'waiting');
    await screenshot(s, 'exam-taking-offline');
    await student.context.setOffline(false);
    await s.getByTestId('exam-save-state').getByText('已保存').waitFor({ timeout: 20_000 });
    assert.equal(await answerState(s, 3), 'saved');

    // Submit: the confirmation lists the unanswered questions; then the result.
    await s.getByTestId('exam-submit').click();
    await s.getByText('还有 2 道题未作答：第 5, 6 题').waitFor();
    await s.locator('.ant-modal-confirm .ant-btn-primary').click();
    await s.waitForURL(/isResult=1/);
    await s.getByTestId('exam-result').waitFor();
    assert.equal(await s.getByTestId('exam-result-answered').innerText(), '4');
    assert.match(await s.getByTestId('exam-result-verdict').innerText(), /已通过|未通过/);
    // The offline answer reached the server: question 4 of the result carries an answer.
    const result = await call<{ questions: { chosen: number[] | null }[]; answered: number; score: number }>(
      s,
      '/dataset-examine/result',
      { attempt_id: attemptId },
    );
    assert.equal(result.answered, 4);
    assert.deepEqual(
      result.questions.map((q) => (q.chosen?.length ?? 0) > 0),
      [true, true, true, true, false, false],
    );
    await screenshot(s, 'exam-taking-result');

    // My records list the attempt, linking to the same result inside the shell.
    await s.goto(`${BASE_URL}/trainingcamp/myexamRecord`);
    await s.getByTestId(`exam-record-result-${attemptId}`).click();
    await s.getByTestId('exam-result-answered').getByText('4').waitFor();

    // The teacher sees the attempt among the exam's candidates: through the API...
    const candidates = await call<{ list: { attempt_id: number | null; username: string; state: string }[] }>(
      t,
      '/dataset-examine/candidates',
      { exam_id: exam.id },
    );
    const mine = candidates.list.find((c) => c.attempt_id === attemptId);
    assert.equal(mine?.username, `exstu${suffix}`);
    assert.ok(mine && ['submitted', 'graded'].includes(mine.state), mine?.state);
    // ...and on the exam's detail page, with the attempt's evidence at hand.
    await t.goto(`${BASE_URL}/trainingcamp/teacher/exam-detail/candidates/${exam.id}`);
    const candidateRow = t.getByTestId('exam-candidates').locator('.ant-table-row', { hasText: `exstu${suffix}` });
    await candidateRow.getByTestId(`attempt-evidence-${attemptId}`).waitFor();
    await screenshot(t, 'exam-taking-teacher-detail');
    // The page reported the reconnect after the drop in the attempt's evidence timeline.
    const events = await call<{ list: { kind: string }[] }>(t, '/dataset-examine/attempt-events', {
      attempt_id: attemptId,
    });
    assert.ok(
      events.list.some((e) => e.kind === 'reconnect'),
      events.list.map((e) => e.kind).join(),
    );
  });

  it('a joined exam starts straight from the list, and at 0 the page submits and shows the result', async () => {
    const suffix = uniqueSuffix();
    const examName = `端到端限时考试${suffix}`;
    const t = browsers.teacher.page;
    const s = browsers.student.page;
    await loginAsNewUser(t, [
      { username: `exteachb${suffix}`, roles: ['role_teacher'] },
      { username: `exstub${suffix}`, roles: ['role_student'] },
    ]);
    const exam = await publishRandomExam(
      t,
      examName,
      3,
      { single: 1, multiple: 0, judge: 0 },
      { duration_seconds: 12 },
    );

    await loginAs(s, `exstub${suffix}`);
    await call(s, '/dataset-examine/join', { exam_id: exam.id });
    await s.goto(`${BASE_URL}/trainingcamp/myexam/exam`);
    const row = s.locator('.ant-table-row', { hasText: examName });
    await row.getByText('已报名').waitFor();
    await row.getByTestId(`my-exam-start-${exam.id}`).click();
    await s.getByTestId('exam-answering').waitFor();
    assert.doesNotMatch(s.url(), /pre-exam/);
    // One answer by the keyboard (B), then nothing: the countdown reaches 0 and the page submits by itself.
    await s.keyboard.press('b');
    await s.getByTestId('exam-answered-count').getByText('已答 1 / 3').waitFor();
    await s.getByTestId('exam-result').waitFor({ timeout: 30_000 });
    assert.match(s.url(), /isResult=1/);
    assert.equal(await s.getByTestId('exam-result-answered').innerText(), '1');
  });
});
