import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { BASE_URL, type Browser, login, openBrowser, screenshot } from '../support.ts';

describe('organisations (platform)', () => {
  let browser: Browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(() => browser.close());
  afterEach(async () => {
    await browser.context.clearCookies();
    await browser.page.evaluate(() => localStorage.clear()).catch(() => {});
  });

  it('the operator creates an organisation with a manager, sees it in the list, then closes it', async () => {
    const { page } = browser;
    const name = `端到端机构${Date.now() % 100_000}`;
    await login(page, 'operator');
    await page.goto(`${BASE_URL}/site`);
    await page.getByRole('cell', { name: '示范学院' }).waitFor();

    await page.getByTestId('site-create').click();
    await page.getByTestId('site-form-name').fill('甲');
    await page.getByText('机构名称为 2 到 32 个字符').waitFor();
    await page.getByTestId('site-form-name').fill(name);
    await page.getByTestId('site-form-domain').fill('e2e.example.com');
    await page.getByTestId('site-form-manager').fill('teacher');
    await page.getByTestId('site-save').click();
    await page.getByText(`机构 ${name} 已创建`).waitFor();

    const row = page.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    assert.match(await row.innerText(), /e2e\.example\.com/);
    assert.match(await row.innerText(), /已开启/);
    await screenshot(page, 'sites-created-zh-CN');

    await row.locator('[data-testid^="site-close-"]').click();
    await page.getByText(`确定关闭机构「${name}」吗？`, { exact: false }).waitFor();
    await page.getByTestId('site-status-confirm').click();
    await page.getByText(`机构 ${name} 已关闭`).waitFor();
    await row.getByTestId('site-status').getByText('已关闭').waitFor();
    await row.locator('[data-testid^="site-open-"]').waitFor();

    await row.getByRole('link', { name }).click();
    await page.getByTestId('site-title').getByText(name).waitFor();
    await page.getByTestId('site-info').getByText('李老师 (teacher)').waitFor();
    await screenshot(page, 'sites-detail-zh-CN');
  });
});
