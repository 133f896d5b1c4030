import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { pngImage } from '../../apps/server/src/testing/media-samples.ts';
import { BASE_URL, type Browser, call, chooseOption, login, openBrowser, PASSWORD, screenshot } from '../support.ts';

/** Types into the rich-text box named by its test id (Tiptap's editable area inside it). */
async function typeRich(page: Page, testId: string, text: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"] .ProseMirror`).click();
  await page.keyboard.type(text);
}

describe('question bank', () => {
  let teacher: Browser;
  let manager: Browser;
  before(async () => {
    teacher = await openBrowser();
    manager = await openBrowser();
  });
  afterEach(async (t) => {
    if ('passed' in t && t.passed) return;
    await screenshot(teacher.page, 'question-bank-failed-teacher').catch(() => {});
    await screenshot(manager.page, 'question-bank-failed-contentmgr').catch(() => {});
  });
  after(async () => {
    await teacher.close();
    await manager.close();
  });

  it('a teacher writes a question, the content manager fails it with a reason, the teacher fixes it, it passes', async () => {
    const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
    const categoryName = `端到端分类${suffix}`;
    const stem = `端到端试题${suffix}：矩形框标注时，框应当如何贴合目标？`;
    const reason = `选项表述不清${suffix}`;

    // The content manager makes a category; theirs is passed at once, so teachers may put questions in it.
    const m = manager.page;
    await login(m, 'contentmgr');
    await m.goto(`${BASE_URL}/dataset/category`);
    await m.getByTestId('qb-category-create').click();
    await m.getByTestId('qb-category-name').fill(categoryName);
    await m.getByTestId('qb-category-save').click();
    await m.getByText('分类已保存').first().waitFor();
    const categoryRow = m.locator('.ant-table-row', { hasText: categoryName });
    await categoryRow.getByText('已通过').waitFor();

    // The teacher writes a question in it from their own question list.
    // A teacher of its own: the demo `teacher` is moved to another organisation by the operator spec running alongside.
    const p = teacher.page;
    const author = `qbauthor${suffix}`;
    await login(p, 'root');
    await call(p, '/user/create', {
      username: author,
      nickname: '出题老师',
      password: PASSWORD,
      roles: ['role_teacher'],
    });
    await teacher.context.clearCookies();
    await login(p, author);
    await p.goto(`${BASE_URL}/dataset/private-data`);
    await p.getByTestId('qb-question-create').click();
    await p.waitForURL(/edit=new/);
    await p.getByTestId('qb-editor-category').click();
    // Type the search only once the tree has loaded into the open popup.
    await p.locator('.qb-editor-category-popup .ant-select-tree-title').first().waitFor();
    await p.keyboard.type(categoryName);
    await p.locator('.qb-editor-category-popup .ant-select-tree-title', { hasText: categoryName }).first().click();
    await typeRich(p, 'qb-editor-stem', stem);
    // An image in the stem: uploaded by the editor's image button, shown in the text.
    await p
      .getByTestId('qb-editor-stem-image-file')
      .setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: pngImage(48, 48, 60) });
    await p.locator('[data-testid="qb-editor-stem"] .ProseMirror img').waitFor();
    const options = ['紧贴目标边缘', '留出很大空白', '只框一半', '随意'];
    for (const [index, text] of options.entries()) await typeRich(p, `qb-option-${index}`, text);
    // No correct option yet: the rule's message shows and nothing is saved.
    await p.getByTestId('qb-editor-save').click();
    await p.getByText('请设置正确选项').first().waitFor();
    assert.match(p.url(), /edit=new/);
    await p.getByTestId('qb-option-correct-0').click();
    await typeRich(p, 'qb-editor-analysis', '矩形框应与目标最小外接。');
    // Ctrl+Enter saves from anywhere in the editor; then the question's detail opens inside the teacher's page.
    await p.locator('[data-testid="qb-editor-stem"] .ProseMirror').click();
    await p.keyboard.press('Control+Enter');
    await p.waitForURL(/view=\d+/);
    const questionId = Number(new URL(p.url()).searchParams.get('view'));
    assert.ok(questionId > 0);
    await p.getByTestId('qb-view-stem').getByText(stem).waitFor();
    // The image is private to the organisation: served by its own route to the signed-in author, and shown.
    const image = p.locator('[data-testid="qb-view-stem"] img');
    assert.match((await image.getAttribute('src')) ?? '', /^\/api\/file\/question-images\/\d+\//);
    await p.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="qb-view-stem"] img');
      return img?.complete && img.naturalWidth === 48;
    });
    assert.equal(await p.getByTestId('qb-view-answer').innerText(), 'A');
    await p.getByTestId('qb-review-info').getByText('待内容管理员审核').waitFor();

    // The content manager fails it from the review queue, after opening it to read it whole.
    await m.goto(`${BASE_URL}/dataset/category-data-verify`);
    await m.getByTestId(`qb-verify-preview-${questionId}`).click();
    await m.getByTestId(`qb-verify-view-${questionId}-stem`).getByText(stem).waitFor();
    await m.getByTestId(`qb-verify-fail-${questionId}`).click();
    await m.getByTestId('qb-reason-submit').click();
    await m.getByText('请填写不通过的原因').waitFor();
    await m.getByTestId('qb-reason-input').fill(reason);
    await m.getByTestId('qb-reason-submit').click();
    await m.getByText('已将 1 项标记为不通过').waitFor();
    await m.getByTestId(`qb-verify-fail-${questionId}`).waitFor({ state: 'detached' });

    // The teacher sees the reason in their list and in the editor, and fixes the question.
    await p.goto(`${BASE_URL}/dataset/private-data`);
    await p.getByTestId(`qb-question-reason-${questionId}`).getByText(reason).waitFor();
    await p.getByTestId(`qb-question-edit-${questionId}`).click();
    await p.getByTestId('qb-editor-failed-reason').getByText(reason).waitFor();
    await p.locator('[data-testid="qb-option-1"] .ProseMirror').click();
    await p.keyboard.press('ControlOrMeta+A');
    await p.keyboard.type('四周留出大量空白');
    await p.getByTestId('qb-editor-save').click();
    await p.waitForURL(new RegExp(`view=${questionId}`));
    await p.getByTestId('qb-view-option-1').getByText('四周留出大量空白').waitFor();
    await p.getByTestId('qb-review-info').getByText('待内容管理员审核').waitFor();

    // The content manager passes it with the batch action.
    await m.goto(`${BASE_URL}/dataset/category-data-verify`);
    const queued = m.locator('.ant-table-row', { has: m.getByTestId(`qb-verify-pass-${questionId}`) });
    await queued.locator('.ant-checkbox-input').check();
    await m.getByTestId('qb-verify-pass-selected').click();
    await m.getByText('已审核通过 1 项').waitFor();
    await queued.waitFor({ state: 'detached' });

    // It is among the category's passed questions.
    await m.goto(`${BASE_URL}/dataset/category`);
    await m.locator('.ant-table-row', { hasText: categoryName }).getByRole('link', { name: categoryName }).click();
    await m.getByTestId('qb-category-title').getByText(categoryName).waitFor();
    await chooseOption(m, 'qb-filter-status', '已通过');
    const passed = m.locator('.ant-table-row', { hasText: `端到端试题${suffix}` });
    await passed.getByText('已通过').waitFor();
    assert.equal(await m.locator('[data-testid="qb-question-table"] .ant-table-row').count(), 1);
    await m.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await screenshot(m, 'question-bank-category-passed-zh-CN');

    // The teacher's list shows it passed.
    await p.goto(`${BASE_URL}/dataset/private-data`);
    await p
      .locator('.ant-table-row', { has: p.getByTestId(`qb-question-open-${questionId}`) })
      .getByText('已通过')
      .waitFor();
  });
});
