import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, call, chooseOption, screenshot } from '../support.ts';

/** Opens the to-do panel and answers its items' texts once the lists have come. */
async function todoItems(page: Page): Promise<string[]> {
  await page.getByTestId('todo-open').click();
  const card = page.getByTestId('todo-panel').locator('.todo-card');
  await card.locator('.plain-list, .plain-list-note').first().waitFor();
  const items = await card.locator('.plain-list li span').allInnerTexts();
  await page.getByTestId('todo-close').click();
  return items;
}

/** Opens My exams (pending tab) and waits until its table has loaded. */
async function openMyExams(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/trainingcamp/myexam/exam`);
  await page.getByTestId('my-exam-table').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="my-exam-table"] .ant-spin-spinning'));
}

describe('the audience of an exam', () => {
  const browsers = useBrowsers('exam-audience', 'teacher', 'other');

  it('an exam published for one class reaches its students only: not another class, not an annotator', async () => {
    const suffix = uniqueSuffix();
    const examName = `端到端班级考试${suffix}`;
    const t = browsers.teacher.page;
    const o = browsers.other.page;
    const [teacher, inA, inB, annotator] = [`auteach${suffix}`, `austua${suffix}`, `austub${suffix}`, `auann${suffix}`];
    await loginAsNewUser(t, [
      { username: teacher, roles: ['role_teacher'] },
      { username: inA, roles: ['role_student'] },
      { username: inB, roles: ['role_student'] },
      { username: annotator, roles: ['role_team_operator'] },
    ]);

    // The teacher's two classes; each student joins one with its code.
    const classA = await call<{ join_code: string; name: string }>(t, '/group/create', {
      kind: 'class',
      name: `甲班${suffix}`,
    });
    const classB = await call<{ join_code: string }>(t, '/group/create', { kind: 'class', name: `乙班${suffix}` });
    for (const [student, code] of [
      [inA, classA.join_code],
      [inB, classB.join_code],
    ] as const) {
      await loginAs(o, student);
      await call(o, '/group/join-by-code', { code });
    }

    // The wizard: a random paper of two single-choice questions.
    await t.goto(`${BASE_URL}/trainingcamp/materialCreate`);
    await t.getByTestId('exam-name').fill(examName);
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('exam-paper-mode').getByText('随机组卷').click();
    const total = t.getByTestId('exam-blueprint-total');
    const totalInput = (await total.evaluate((e) => e.tagName)) === 'INPUT' ? total : total.locator('input');
    await totalInput.fill('2');
    await totalInput.blur();
    await t.getByText('每一格都有足够的审核通过题目，可以发布').waitFor();
    await t.getByTestId('exam-wizard-next').click();

    // Settings: the audience is all students until "chosen" is picked; chosen with nobody cannot be published.
    assert.ok(await t.getByRole('radio', { name: '全体学员' }).isChecked());
    await t.getByTestId('audience-mode').getByText('指定班级、团队分组或成员').click();
    await t.getByText('还没有选择班级、团队分组或成员').waitFor();
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('exam-summary-audience').getByText('指定班级、团队分组或成员 · 共 0 人').waitFor();
    await t.getByTestId('exam-publish').click();
    await t.getByTestId('exam-wizard-error').getByText('指定参加对象时，请至少选择一个班级、团队分组或成员').waitFor();
    await screenshot(t, 'exam-audience-refused');

    // Back to the settings: class A (one student), then publish.
    await t.locator('.ant-steps-item', { hasText: '考试设置' }).click();
    await chooseOption(t, 'audience-class', `甲班${suffix}（1 人）`);
    await t.getByTestId('audience-people').getByText('共 1 人').waitFor();
    await screenshot(t, 'exam-audience-picker');
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('exam-summary-audience').getByText('指定班级、团队分组或成员 · 共 1 人').waitFor();
    await t.getByTestId('exam-publish').click();
    await t.waitForURL(/\/trainingcamp\/examlist\/published/);
    const row = t.getByTestId('exam-table').locator('.ant-table-row', { hasText: examName });
    await row.locator('[data-testid^="exam-detail-"]').click();
    await t.getByRole('tab', { name: '考试设置' }).click();
    await t.getByTestId('audience-view').getByText(`班级 · 甲班${suffix}`).waitFor();
    const examId = Number(/\/(\d+)$/.exec(new URL(t.url()).pathname)?.[1]);
    assert.ok(examId > 0, t.url());

    // The student of class A finds it in My exams and in the to-do panel.
    await loginAs(o, inA);
    await openMyExams(o);
    await o.getByTestId('my-exam-table').getByText(examName).waitFor();
    assert.ok((await todoItems(o)).includes(`待参加考试 · ${examName}`));
    await screenshot(o, 'exam-audience-student-a');

    // The student of class B: not in My exams, not in the to-do panel, and the pre-exam page finds nothing.
    await loginAs(o, inB);
    await openMyExams(o);
    assert.equal(await o.getByTestId('my-exam-table').getByText(examName).count(), 0);
    assert.ok(!(await todoItems(o)).some((item) => item.includes(examName)));
    await o.goto(`${BASE_URL}/trainingcamp/pre-exam?id=${examId}`);
    await o.getByTestId('load-failed').waitFor();
    const mine = await call<{ list: { id: number }[] }>(o, '/dataset-examine/my-list', { tab: 'all', pageSize: 100 });
    assert.ok(!mine.list.some((e) => e.id === examId));

    // The annotator: no pending exam at all in the to-do panel.
    await loginAs(o, annotator);
    const items = await todoItems(o);
    assert.ok(!items.some((item) => item.startsWith('待参加考试')), JSON.stringify(items));
    await screenshot(o, 'exam-audience-annotator');
  });
});
