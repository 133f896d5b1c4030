import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsersWith } from '../suite.ts';
import { BASE_URL, call, screenshot } from '../support.ts';

/** Types a number into the antd InputNumber named by its test id (the id sits on the input or its wrapper). */
async function fillNumber(page: Page, testId: string, value: number): Promise<void> {
  const element = page.getByTestId(testId);
  const input = (await element.evaluate((e) => e.tagName)) === 'INPUT' ? element : element.locator('input');
  await input.fill(String(value));
  await input.blur();
}

/** "YYYY-MM-DD HH:mm" in the machine's time zone (the browser's, on the same machine). */
function pickerText(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Fails when a text inside `locator` is cut (ellipsised or clipped by its box). */
async function assertNotCut(locator: Locator, what: string): Promise<void> {
  const cut = await locator.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((e) => e instanceof HTMLElement && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
      .filter((e) => getComputedStyle(e).overflowX !== 'visible' || getComputedStyle(e).textOverflow === 'ellipsis')
      .map((e) => (e as HTMLElement).innerText),
  );
  assert.deepEqual(cut, [], `${what}: cut text`);
}

// Two answers that copy each other but for two words.
const ESSAY_A =
  '城市沿河而建，是因为河流提供饮用水和灌溉用水，还方便船运货物与贸易往来，所以古代的大城市大多位于大河两岸。';
const ESSAY_B =
  '城市沿河而建，是因为河流提供饮用水和灌溉用水，还方便船运货物和贸易往来，因此古代的大城市大多位于大河两岸。';

describe('exam marking', () => {
  // The second marker reads the page in English.
  const browsers = useBrowsersWith('exam-marking', { first: {}, second: { locale: 'en-US' } });

  it('homework made outside a course with blind second marking: look-alike answers, a second mark from another marker and the difference', async () => {
    const suffix = uniqueSuffix();
    const [teacher, other, studentA, studentB] = ['mkone', 'mktwo', 'mkstua', 'mkstub'].map((n) => `${n}${suffix}`) as [
      string,
      string,
      string,
      string,
    ];
    const t = browsers.first.page;
    const s = browsers.second.page;
    // Two teachers (the second marks second) and two students, made by root through the API.
    await loginAsNewUser(t, [
      { username: teacher, roles: ['role_teacher'], nickname: `甲老师${suffix}` },
      { username: other, roles: ['role_teacher'], nickname: `乙老师${suffix}` },
      { username: studentA, roles: ['role_student'], nickname: `学生甲${suffix}` },
      { username: studentB, roles: ['role_student'], nickname: `学生乙${suffix}` },
    ]);

    // An essay written and passed by the demo content manager (the organisation reviews questions).
    await loginAs(s, 'contentmgr');
    const tree = await call<{ list: { id: number; review_status: string }[] }>(s, '/dataset-category/tree', {});
    const essay = await call<{ question: { id: number } }>(s, '/dataset-data/create', {
      category_id: tree.list.find((c) => c.review_status === 'passed')!.id,
      type: 'essay',
      stem: `<p>相似${suffix}：说明城市为何沿河而建。</p>`,
      spec: { word_limit: 300 },
    });
    const essayId = essay.question.id;
    await call(s, '/dataset-data/verify', { ids: [essayId], status: 'passed' });

    // The teacher makes homework in the exam wizard outside any course: blind, every answer marked twice.
    await t.goto(`${BASE_URL}/trainingcamp/examlist/draft`);
    await t.getByTestId('exam-kind-filter').getByText('作业').click();
    await t.waitForURL(/\/trainingcamp\/examlist\/draft\?kind=homework/);
    await t.getByTestId('exam-create').getByText('新建作业').click();
    await t.waitForURL(/\/trainingcamp\/materialCreate\?kind=homework/);
    assert.ok(await t.getByTestId('exam-kind-homework').isChecked(), 'starts as homework');
    const homeworkName = `二评作业${suffix}`;
    await t.getByTestId('exam-name').fill(homeworkName);
    await t.getByTestId('exam-wizard-next').click();
    const questions = t.getByTestId('exam-questions');
    await questions.click();
    await questions.locator('input').first().fill(suffix);
    const inputId = await questions.locator('input').first().getAttribute('id');
    await t
      .locator(`.ant-select-dropdown:has([id="${inputId}_list"]) .ant-select-item-option`, { hasText: suffix })
      .first()
      .click();
    await questions.locator('.ant-select-selection-item').first().waitFor();
    await t.keyboard.press('Escape');
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('homework-due-at').waitFor();
    assert.equal(await t.getByTestId('exam-duration').count(), 0, 'homework is timed by its window');
    const windowInputs = t.locator('.ant-picker-range input');
    await windowInputs.nth(0).click();
    await windowInputs.nth(0).fill(pickerText(new Date(Date.now() - 5 * 60_000)));
    await windowInputs.nth(0).press('Enter');
    await windowInputs.nth(1).click();
    await windowInputs.nth(1).fill(pickerText(new Date(Date.now() + 3 * 3600_000)));
    await windowInputs.nth(1).press('Enter');
    await fillNumber(t, 'exam-total-score', 10);
    await fillNumber(t, 'exam-pass-score', 6);
    await t.getByTestId('exam-blind_marking').click();
    await fillNumber(t, 'exam-second_marking_share', 100);
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('exam-summary-kind').getByText('作业').waitFor();
    await t.getByTestId('exam-publish').click();
    await t.waitForURL(/\/trainingcamp\/examlist\/published\?kind=homework/);
    const row = t.getByTestId('exam-table').locator('.ant-table-row', { hasText: homeworkName });
    const detailId = await row.locator('[data-testid^="exam-detail-"]').getAttribute('data-testid');
    const examId = Number(detailId?.replace('exam-detail-', ''));
    assert.ok(examId > 0);
    const list = await call<{ list: { id: number }[] }>(t, '/dataset-examine/list', { tab: 'published' });
    assert.ok(!list.list.some((e) => e.id === examId), 'not among the exams');

    // Two students hand in near copies (through the API).
    const attempts: number[] = [];
    for (const [name, text] of [
      [studentA, ESSAY_A],
      [studentB, ESSAY_B],
    ] as const) {
      await loginAs(s, name);
      const { attempt_id } = await call<{ attempt_id: number }>(s, '/dataset-examine/start', { exam_id: examId });
      await call(s, '/dataset-examine/answer', {
        attempt_id,
        question_id: essayId,
        response: { text },
        client_seq: 1,
      });
      await call(s, '/dataset-examine/submit', { attempt_id });
      attempts.push(attempt_id);
    }
    const [attemptA, attemptB] = attempts as [number, number];

    // The first marker marks both by keyboard: 8 and 7 of 10.
    await t.goto(`${BASE_URL}/trainingcamp/teacher/exam-detail/marking/${examId}`);
    await t.getByTestId('marking-second-waiting').getByText('2 份答案待二次批阅').waitFor();
    await t.getByTestId('marking-candidate').getByText('考生 1').waitFor();
    await t.getByTestId('marking-candidate').click();
    await t.keyboard.press('8');
    await t.keyboard.press('Enter');
    await t.getByTestId('marking-candidate').getByText('考生 2').waitFor();
    await t.getByTestId('marking-candidate').click();
    await t.keyboard.press('7');
    await t.keyboard.press('Enter');
    await t.getByTestId('marking-second-cell').getByText('等待另一位批阅人二次批阅').waitFor();
    await t.getByTestId('marking-first-cell-points').getByText('7 / 10 分').waitFor();

    // The first marker may not give the second mark: the form says so and does not save.
    await t.getByTestId('marking-which').getByText('二评').click();
    await t.getByTestId('marking-second-same').waitFor();
    assert.ok(await t.getByTestId('marking-save').isDisabled(), 'no second mark from the first marker');

    // The look-alike pair, numbered not named, both texts side by side; opening one goes to it in the desk.
    await t.getByTestId(`marking-item-${attemptA}:${essayId}`).click();
    await t.getByTestId('marking-look-alike').getByText('相似答案（1）').waitFor();
    await t
      .getByTestId('marking-look-alike-hints')
      .getByText(/与 考生 2 相似（\d+%）/)
      .waitFor();
    await t.getByTestId('marking-look-alike').click();
    const drawer = t.getByTestId('marking-look-alike-panel');
    await drawer.getByText('仅为提示，不是结论').waitFor();
    const pair = drawer.getByTestId(`marking-look-alike-pair-${attemptA}-${attemptB}`);
    await pair.getByText('考生 1 与 考生 2').waitFor();
    const percent = Number((await pair.locator('.ant-tag').innerText()).match(/(\d+)%/)?.[1]);
    assert.ok(percent >= 60 && percent < 100, `similarity ${percent}`);
    assert.equal(await drawer.getByTestId('marking-look-alike-text').count(), 2);
    assert.ok((await drawer.locator('mark').count()) >= 2, 'shared passages are marked');
    const drawerText = await drawer.innerText();
    assert.ok(!drawerText.includes(`学生甲${suffix}`) && !drawerText.includes(studentB), 'no names when blind');
    await t.waitForTimeout(500); // the drawer's slide-in, for the picture
    await screenshot(t, 'exam-marking-look-alike');
    await drawer.getByTestId(`marking-look-alike-open-${attemptB}`).click();
    await t.getByTestId('marking-candidate').getByText('考生 2').waitFor();
    await drawer.waitFor({ state: 'hidden' });

    // The second marker (in English) lists the answers waiting for a second mark and gives them: 3 and 6.
    await loginAs(s, other);
    await s.goto(`${BASE_URL}/trainingcamp/teacher/exam-detail/marking/${examId}`);
    await s.getByTestId('marking-second-waiting').getByText('2 answers waiting for a second mark').waitFor();
    await s.getByTestId('marking-filter').getByText('Waiting for a second mark (2)').click();
    await s.getByTestId('marking-candidate').getByText('Candidate 1').waitFor();
    await s.locator('[data-testid="marking-form"][data-second="true"]').waitFor();
    await s.getByTestId('marking-first-cell-points').getByText('8 / 10 points').waitFor();
    await s.getByTestId('marking-first-cell').getByText(`甲老师${suffix}`, { exact: false }).waitFor();
    await assertNotCut(s.getByTestId('marking-filter'), 'filter');
    await assertNotCut(s.getByTestId('marking-which'), 'which mark');
    await assertNotCut(s.getByTestId('marking-save'), 'save');
    await assertNotCut(s.getByTestId('marking-look-alike'), 'look-alike button');
    await s.getByTestId('marking-candidate').click();
    await s.keyboard.press('3');
    await s.keyboard.press('Enter');
    await s.getByTestId('marking-candidate').getByText('Candidate 2').waitFor();
    await s.getByTestId('marking-candidate').click();
    await s.keyboard.press('6');
    await s.keyboard.press('Enter');
    await s.getByTestId('marking-second-waiting').getByText('0 answers waiting for a second mark').waitFor();

    // Each answer shows both marks and the difference: 3 against 8 is far apart (over 20 % of 10), 6 against 7 not.
    await s.getByTestId(`marking-item-${attemptB}:${essayId}`).click();
    await s.locator('[data-testid="marking-second-gap"][data-large="false"]').getByText('−1').waitFor();
    await s.getByTestId(`marking-item-${attemptA}:${essayId}`).click();
    const gap = s.locator('[data-testid="marking-second-gap"][data-large="true"]');
    await gap.getByText(/Far apart: −5/).waitFor();
    await s.getByTestId('marking-second-cell-points').getByText('3 / 10 points').waitFor();
    assert.equal(
      await s
        .locator(`[data-testid="marking-item-${attemptA}:${essayId}"] [data-testid="marking-second-badge"]`)
        .getAttribute('data-state'),
      'apart',
    );
    await assertNotCut(s.getByTestId('marking-second-compare'), 'marks side by side');
    await screenshot(s, 'exam-marking-second-mark');

    // Only the first marks count: 8 and 7 of 10, both passed.
    const answers = await call<{ list: { attempt_id: number; points: number; second_points: number }[] }>(
      s,
      '/dataset-examine/marking-answers',
      { exam_id: examId, question_id: essayId },
    );
    const byAttempt = new Map(answers.list.map((a) => [a.attempt_id, [a.points, a.second_points]]));
    assert.deepEqual(
      [byAttempt.get(attemptA), byAttempt.get(attemptB)],
      [
        [8, 3],
        [7, 6],
      ],
    );
  });
});
