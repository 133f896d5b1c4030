import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { checkPage } from '../phone-checks.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsersWith } from '../suite.ts';
import { BASE_URL, screenshot } from '../support.ts';

/** Replaces the code in the lab's CodeMirror editor (select all, then type as a person would). */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(code);
}

const WRONG = 'a, b = map(int, input().split())\nprint(abs(a) + b)\n';
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)\n';

describe('code experiments', () => {
  const browsers = useBrowsersWith('experiments', { teacher: {}, student: {}, phone: { phone: true } });

  it('a content manager writes and publishes a Python experiment; a student runs, fails, fixes and gets the full score', async () => {
    const suffix = uniqueSuffix();
    const [teacherName, studentName] = [`exauthor${suffix}`, `exstu${suffix}`];
    const title = `两数之和${suffix}`;
    const t = browsers.teacher.page;
    await loginAsNewUser(t, [
      { username: teacherName, roles: ['role_content_manager'] },
      { username: studentName, roles: ['role_student'] },
    ]);

    // The author (a content manager: `/experiment-manage` is in content management): a new experiment through the drawer, 2 visible cases and 1 hidden, then published.
    await t.goto(`${BASE_URL}/experiment-manage`);
    await t.getByTestId('experiment-create').click();
    await t.getByTestId('experiment-title').fill(title);
    await t
      .getByTestId('experiment-instructions')
      .locator('[contenteditable="true"]')
      .fill('读入两个整数，输出它们的和。');
    await t.getByTestId('experiment-starter-code').fill('# 在这里写代码\n');
    const cases = [
      ['1 2\n', '3\n', false],
      ['10 20\n', '30\n', false],
      ['-5 5\n', '0\n', true],
    ] as const;
    for (const [index, [stdin, expected, hidden]] of cases.entries()) {
      await t.getByTestId('experiment-case-add').click();
      await t.getByTestId(`experiment-case-stdin-${index}`).fill(stdin);
      await t.getByTestId(`experiment-case-expected-${index}`).fill(expected);
      if (hidden) await t.getByTestId(`experiment-case-hidden-${index}`).check();
    }
    await t.getByTestId('experiment-save').click();
    await t.getByText('实验已保存').first().waitFor();
    const row = t.locator('.ant-table-row', { hasText: title });
    await row.waitFor();
    assert.match(await row.innerText(), /Python 3[\s\S]*草稿[\s\S]*3/);
    await row.locator('[data-testid^="experiment-publish-"]').click();
    await t.locator('.ant-popconfirm .ant-btn-primary').click();
    await t.getByText('实验已发布').first().waitFor();
    await row.getByText('已发布').waitFor();

    // The student: opens it from the list, runs with their own input.
    const s = browsers.student.page;
    await loginAs(s, studentName);
    await s.goto(`${BASE_URL}/trainingcamp/experiment-code`);
    const card = s.locator('[data-testid^="experiment-card-"]', { hasText: title });
    await card.getByText('尚未提交').waitFor();
    await card.click();
    await s.waitForURL(/\/program\?id=\d+/);
    const url = s.url();
    await s.getByTestId('program-instructions').getByText('读入两个整数').waitFor();
    await typeCode(s, WRONG);
    await s.getByTestId('program-stdin').fill('-4 5\n');
    await s.getByTestId('program-run').click();
    await s.getByTestId('program-run-stdout').getByText('9').waitFor({ timeout: 60_000 });
    assert.match(await s.getByTestId('program-run-status').innerText(), /正常结束/);
    await screenshot(s, 'experiment-editor-zh-CN');

    // Submit by the keyboard shortcut: 2 of 3, the hidden case failed with nothing of it shown.
    await s.locator('.cm-content').click();
    await s.keyboard.press('ControlOrMeta+s');
    await s.getByTestId('program-score').getByText('得分 2 / 3').waitFor({ timeout: 60_000 });
    assert.match(await s.getByTestId('program-case-2').innerText(), /未通过/);
    assert.equal(await s.getByText('-5 5').count(), 0);
    await screenshot(s, 'experiment-result-zh-CN');

    // Fixed; the code survives a reload; submitted again: full score.
    await typeCode(s, RIGHT);
    await s.reload();
    await s.locator('.cm-content').getByText('print(a + b)').waitFor();
    await s.getByTestId('program-submit').click();
    await s.getByTestId('program-score').getByText('得分 3 / 3').waitFor({ timeout: 60_000 });

    // The history lists both submits (and the run); the first one's code comes back into the editor.
    await s.getByTestId('program-history-open').click();
    const history = s.getByTestId('program-history');
    await history.locator('.ant-table-row').nth(2).waitFor();
    const rows = await history.locator('.ant-table-row').allInnerTexts();
    assert.equal(rows.filter((text) => text.includes('提交')).length, 2, rows.join('\n'));
    assert.ok(
      rows.some((text) => text.includes('3 / 3')) && rows.some((text) => text.includes('2 / 3')),
      rows.join('\n'),
    );
    await history.locator('[data-testid^="program-history-load-"]').nth(1).click();
    await s.locator('.cm-content').getByText('abs(a)').waitFor();

    // Back on the list: my best score.
    await s.getByTestId('program-back').click();
    await s.locator('[data-testid^="experiment-card-"]', { hasText: title }).getByText('3 / 3').waitFor();

    // On a phone: the lab fits 390 px, instructions above the editor.
    const phone = browsers.phone.page;
    await loginAs(phone, studentName);
    await phone.goto(url);
    await phone.getByTestId('program-editor').waitFor();
    await checkPage(phone, 'program', phone.getByTestId('program-run'), '.program-page');
  });
});
