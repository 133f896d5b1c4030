import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { BASE_URL, type Browser, call, login, openBrowser, PASSWORD, screenshot } from '../support.ts';

async function typeRich(page: Page, testId: string, text: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"] .ProseMirror`).click();
  await page.keyboard.type(text);
}

describe('private question categories', () => {
  let teacher: Browser;
  before(async () => {
    teacher = await openBrowser();
  });
  afterEach(async (t) => {
    if ('passed' in t && t.passed) return;
    await screenshot(teacher.page, 'private-questions-failed').catch(() => {});
  });
  after(async () => {
    await teacher.close();
  });

  it('a teacher keeps a question in a private category, then submits it to the bank for review', async () => {
    const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
    const categoryName = `我的私有题${suffix}`;
    const stem = `私有试题${suffix}：标注框的四条边应当怎样？`;
    const p = teacher.page;
    // A teacher of its own: the demo `teacher` may be moved to another organisation by a spec running alongside.
    const author = `pqauthor${suffix}`;
    await login(p, 'root');
    await call(p, '/user/create', {
      username: author,
      nickname: '私有题老师',
      password: PASSWORD,
      roles: ['role_teacher'],
    });
    await teacher.context.clearCookies();
    await login(p, author);

    // No private category yet: the empty state; then one is added and chosen.
    await p.goto(`${BASE_URL}/self-data/category`);
    await p.getByText('还没有私有分类').waitFor();
    await p.getByTestId('qb-private-add').click();
    await p.getByTestId('qb-category-name').fill(categoryName);
    await p.getByTestId('qb-category-save').click();
    await p.getByTestId('qb-private-tree').getByText(categoryName).waitFor();

    // A question written in it from the page opens the editor with the category chosen; it is private, not waiting.
    await p.getByTestId('qb-question-create').click();
    await p.waitForURL(/edit=new&category_id=\d+/);
    await p.getByTestId('qb-editor-category').getByText(categoryName).waitFor();
    await typeRich(p, 'qb-editor-stem', stem);
    for (const [index, text] of ['紧贴目标', '留出空白', '只框一半', '随意'].entries())
      await typeRich(p, `qb-option-${index}`, text);
    await p.getByTestId('qb-option-correct-0').click();
    await p.getByTestId('qb-editor-save').click();
    await p.waitForURL(/view=\d+/);
    const questionId = Number(new URL(p.url()).searchParams.get('view'));
    await p.getByTestId('qb-review-private').waitFor();
    assert.equal(await p.getByTestId('qb-review-waiting').count(), 0);

    // Back on the page: the question is listed as private; chosen and submitted to a passed bank category.
    await p.goto(`${BASE_URL}/self-data/category`);
    await p.getByTestId('qb-private-tree').getByText(categoryName).click();
    const row = p.locator('.ant-table-row', { has: p.getByTestId(`qb-question-private-${questionId}`) });
    await row.locator('.ant-checkbox-input').check();
    await p.getByTestId('qb-private-submit').click();
    await p.getByTestId('qb-submit-category').click();
    await p.locator('.ant-select-tree-title').first().click();
    await p.getByTestId('qb-submit-ok').click();
    await p.getByText('已提交 1 道题目审核').waitFor();
    await row.waitFor({ state: 'detached' });

    // Now it is in the bank, waiting for a content manager like any new question.
    await p.goto(`${BASE_URL}/dataset/private-data?view=${questionId}`);
    await p.getByTestId('qb-review-waiting').waitFor();
    assert.equal(await p.getByTestId('qb-review-private').count(), 0);
  });
});
