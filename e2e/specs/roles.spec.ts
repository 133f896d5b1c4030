import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { BASE_URL, type Browser, login, menuEntries, moduleTabs, openBrowser, screenshot } from '../support.ts';

/** The checkbox of a menu entry in the role edit page's menu tree, and whether it is checked. */
function menuCheckbox(page: Page, routeName: string) {
  const node = page
    .getByTestId('role-menu-tree')
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTestId(`menu-node-${routeName}`) });
  const box = node.locator('.ant-tree-checkbox');
  return {
    box,
    checked: async () => (await box.getAttribute('class'))?.includes('ant-tree-checkbox-checked') ?? false,
  };
}

/** Root opens the manager role, toggles the organisational-structure entry and saves. */
async function toggleManagerMylist(page: Page, expectChecked: boolean) {
  await page.goto(`${BASE_URL}/system/role`);
  await page.getByTestId('role-edit-role_manager').click();
  await page.waitForURL((url) => url.pathname === '/system/role-edit' && url.search.includes('role_manager'));
  const mylist = menuCheckbox(page, 'user-mylist');
  await mylist.box.waitFor();
  assert.equal(await mylist.checked(), !expectChecked);
  await mylist.box.click();
  assert.equal(await mylist.checked(), expectChecked);
  await page.getByTestId('role-save').click();
  await page.getByText('已保存').waitFor();
}

describe('roles', () => {
  let root: Browser;
  let manager: Browser;
  before(async () => {
    root = await openBrowser();
    manager = await openBrowser();
  });
  after(async () => {
    await root.close();
    await manager.close();
  });

  it('root takes 组织架构 from the manager role; a signed-in manager loses it on reload, then gets it back', async () => {
    // The manager is signed in, on the organisational structure.
    const m = manager.page;
    await login(m, 'manager');
    await m.locator('.module-tabs').getByText('机构信息管理').click();
    await m.waitForURL((url) => url.pathname === '/user/mylist');
    // The side menu follows the module tab a moment after the address changes: wait for the entry, not a snapshot.
    await m.getByTestId('side-menu').locator('.ant-menu-item', { hasText: '组织架构' }).waitFor();

    // Root removes the entry from the manager role in the role edit page.
    const r = root.page;
    await login(r, 'root', { from: '/system/role' });
    await r.getByTestId('role-table').getByText('role_manager').waitFor();
    await screenshot(r, 'roles-list-zh-CN');
    await toggleManagerMylist(r, false);
    await screenshot(r, 'roles-edit-manager-zh-CN');

    // The same manager session, reloaded: the entry is gone and its page sends the manager elsewhere.
    await m.reload();
    await m.waitForURL((url) => url.pathname !== '/user/mylist');
    assert.ok(!new URL(m.url()).pathname.startsWith('/login'), 'no new login');
    const tabs = await moduleTabs(m);
    if (tabs.includes('机构信息管理')) {
      await m.locator('.module-tabs').getByText('机构信息管理').click();
      await m.getByTestId('side-menu').locator('.ant-menu-item').first().waitFor();
    }
    assert.ok(!(await menuEntries(m)).includes('组织架构'));
    await m.goto(`${BASE_URL}/user/mylist`);
    await m.waitForURL((url) => url.pathname !== '/user/mylist');

    // Root puts it back; the manager sees it again after a reload, still without logging in.
    await toggleManagerMylist(r, true);
    await m.goto(`${BASE_URL}/user/mylist`);
    await m.getByRole('cell', { name: 'annotator', exact: true }).waitFor();
    await m.getByTestId('side-menu').locator('.ant-menu-item', { hasText: '组织架构' }).waitFor();
  });

  it('root creates a role group and a role in it, then deletes both', async () => {
    const r = root.page;
    const key = `role_e2e_${Date.now().toString(36)}`;
    await r.goto(`${BASE_URL}/system/group`);
    await r.getByTestId('group-create').click();
    await r.getByTestId('group-name').fill('E2E 分组');
    await r.getByTestId('group-save').click();
    await r.getByTestId('group-table').getByText('E2E 分组').waitFor();

    await r.goto(`${BASE_URL}/system/role`);
    await r.getByTestId('role-create').click();
    await r.waitForURL((url) => url.pathname === '/system/role-edit' && url.search === '');
    await r.getByTestId('role-key').fill(key);
    await r.getByTestId('role-name').fill('E2E 角色');
    await r.getByTestId('role-save').click();
    await r.getByText('请输入描述，最多 255 个字符').waitFor();
    await r.getByTestId('role-description').fill('端到端测试创建的角色');
    await r.getByTestId('role-group').click();
    await r.locator('.ant-select-item-option').filter({ hasText: 'E2E 分组' }).click();
    await r.getByTestId('key-/user/mylist').click();
    await r
      .getByTestId('role-menu-tree')
      .locator('.ant-tree-treenode')
      .filter({ has: r.getByTestId('menu-module-module_info_manager') })
      .locator('.ant-tree-switcher')
      .click();
    await menuCheckbox(r, 'user-mylist').box.click();
    await r.getByTestId('role-save').click();
    await r.waitForURL((url) => url.pathname === '/system/role');
    const row = r.getByTestId('role-table').locator('tr.ant-table-row', { hasText: key });
    await row.waitFor();
    assert.match(await row.innerText(), /E2E 分组/);

    await r.getByTestId(`role-delete-${key}`).click();
    await r.locator('.ant-popconfirm .ant-btn-primary').click();
    await r.getByText('已删除').waitFor();
    await row.waitFor({ state: 'detached' });

    await r.goto(`${BASE_URL}/system/group`);
    const group = r.getByTestId('group-table').locator('tr.ant-table-row', { hasText: 'E2E 分组' });
    await group.locator('[data-testid^="group-delete-"]').click();
    await r.locator('.ant-popconfirm .ant-btn-primary').click();
    await group.waitFor({ state: 'detached' });
  });
});
