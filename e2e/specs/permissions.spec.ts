import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, type Browser, login, openBrowser } from '../support.ts';

describe('permissions (platform)', () => {
  let browser: Browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(() => browser.close());

  it('root creates a custom permission, an empty name is refused, then renames it', async () => {
    const { page } = browser;
    const slug = `e2e_${Date.now().toString(36)}`;
    await login(page, 'root');
    await page.goto(`${BASE_URL}/system/permission`);
    await page.getByTestId('permission-create').click();
    const create = page.getByRole('dialog', { name: '新建自定义权限' });
    await create.getByTestId('custom-permission-key').fill(slug);
    await create.getByTestId('custom-permission-description').fill('端到端测试用的权限');
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await create.getByText('请输入名称，最多 128 个字符').waitFor();
    await create.getByTestId('custom-permission-name').fill('端到端权限');
    await create.getByRole('button', { name: /保\s*存/ }).click();
    await create.waitFor({ state: 'hidden' });

    const key = `custom:${slug}`;
    await page.getByTestId('permission-search').locator('input').fill(slug);
    await page.getByTestId('permission-search').locator('input').press('Enter');
    await page.getByTestId('permission-table').getByText('端到端权限').waitFor();
    await page.getByTestId(`permission-edit-${key}`).click();
    const edit = page.getByRole('dialog', { name: '编辑权限' });
    assert.equal(await edit.getByTestId('permission-name').inputValue(), '端到端权限');
    await edit.getByTestId('permission-name').fill('端到端权限（改）');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByTestId('permission-table').getByText('端到端权限（改）').waitFor();
  });
});
