import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { BASE_URL, type Browser, login, openBrowser, screenshot } from '../support.ts';

describe('practice sets (teacher side)', () => {
  let browser: Browser;
  before(async () => {
    browser = await openBrowser();
  });
  afterEach(async (t) => {
    if ('passed' in t && t.passed) return;
    await screenshot(browser.page, 'practice-sets-failed').catch(() => {});
  });
  after(() => browser.close());

  it('a teacher creates a draft set, cannot publish it with an empty pool, and deletes it', async () => {
    const { page } = browser;
    await login(page, 'teacher');
    await page.goto(`${BASE_URL}/manager/trainingcamp/mygroup-create`);
    await page.getByTestId('practice-set-create').click();
    await page.getByTestId('practice-set-name').fill('期末冲刺练习');
    await page.getByText('请选择分类、知识点或题目组成题库').waitFor();
    await page.waitForTimeout(400); // the drawer's opening animation
    await screenshot(page, 'practice-set-drawer-zh-CN');
    await page.getByTestId('practice-set-save').click();
    await page.getByText('已保存').first().waitFor();

    const row = page.locator('.ant-table-row', { hasText: '期末冲刺练习' });
    await row.waitFor();
    assert.match(await row.innerText(), /草稿/);
    await row.locator('[data-testid^="practice-set-publish-"]').click();
    await page.getByText('确定发布练习“期末冲刺练习”吗？发布后参加对象即可参加。').waitFor();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page.getByText('没有可练习的题目').waitFor();
    assert.match(await row.innerText(), /草稿/);

    await row.locator('[data-testid^="practice-set-delete-"]').click();
    await page.getByText('确定删除练习“期末冲刺练习”吗？此操作不可恢复。').waitFor();
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await page.getByText('已删除').waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
