import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, type Browser, login, openBrowser } from '../support.ts';

describe('user details', () => {
  let browser: Browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(() => browser.close());

  it("a manager opens a member's detail from the member list; an unknown id says so", async () => {
    const { page } = browser;
    await login(page, 'manager');
    await page.goto(`${BASE_URL}/user/mylist`);
    await page.getByRole('link', { name: 'annotator', exact: true }).first().click();
    await page.waitForURL(/\/manager\/user\/detail\/info\/\d+/);
    assert.match(await page.getByTestId('member-title').innerText(), /\(annotator\)/);
    await page.goto(`${BASE_URL}/manager/user/detail/info/999999999`);
    await page.getByText('您的机构中没有该成员').waitFor();
    await page.getByRole('link', { name: '返回列表' }).waitFor();
    assert.equal(await page.getByTestId('member-title').count(), 0);
  });

  it("a shared member's account fields are locked for the manager; a sole member's are not", async () => {
    const { page } = browser;
    // Open tabs stay mounted (hidden): look only at the page on show.
    const shown = (testId: string) => page.getByTestId(testId).filter({ visible: true });
    await page.goto(`${BASE_URL}/user/mylist`);
    await page.getByRole('link', { name: 'student', exact: true }).first().click();
    await page.waitForURL(/\/manager\/user\/detail\/info\/\d+/);
    await shown('member-account-shared').waitFor();
    assert.equal(await page.getByRole('tab', { name: '所属机构' }).count(), 0);
    const reset = shown('member-reset-password');
    assert.equal(await reset.isDisabled(), true);
    await reset.locator('xpath=..').hover();
    await page.getByText('该账号为共享账号，密码只能由本人修改').waitFor();
    await page.getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByTestId('member-form-shared').waitFor();
    assert.equal(await page.getByTestId('member-form-nickname').isDisabled(), true);
    await page.keyboard.press('Escape');

    await page.goto(`${BASE_URL}/user/mylist`);
    await page.getByRole('link', { name: 'annotator', exact: true }).first().click();
    await shown('member-title').filter({ hasText: '(annotator)' }).waitFor();
    assert.equal(await shown('member-reset-password').isDisabled(), false);
    assert.equal(await shown('member-account-shared').count(), 0);
  });

  it("the platform operator opens a user's detail from the user list", async () => {
    const { page } = browser;
    await browser.context.clearCookies();
    await login(page, 'operator');
    await page.goto(`${BASE_URL}/user/list`);
    await page.getByTestId('platform-user-search').locator('input').fill('annotator');
    await page.getByTestId('platform-user-search').locator('input').press('Enter');
    await page.getByRole('link', { name: 'annotator', exact: true }).first().click();
    await page.waitForURL(/\/user\/detail\/info\/\d+/);
    assert.match(await page.getByTestId('platform-user-title').innerText(), /annotator/);
  });
});
