import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, type Browser, enterSignupCode, login, openBrowser, PASSWORD, screenshot } from '../support.ts';

describe('invitations', () => {
  let manager: Browser;
  let visitor: Browser;
  before(async () => {
    manager = await openBrowser();
    visitor = await openBrowser();
  });
  after(async () => {
    await manager.close();
    await visitor.close();
  });

  it('a manager invites through a link, the person signs up, waits, is approved and logs in', async () => {
    const remarks = `e2e 邀请 ${Date.now()}`;
    const username = `e2e_${Date.now().toString(36)}`;

    // The manager creates a link in the UI and copies it.
    const { page } = manager;
    await manager.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await login(page, 'manager');
    await page.goto(`${BASE_URL}/mysite/invitations`);
    await page.getByTestId('invitation-create').click();
    await page.getByTestId('invitation-remarks').fill(remarks);
    await page.getByTestId('invitation-form-submit').click();
    const row = page.getByTestId('invitation-table').locator('tr.ant-table-row', { hasText: remarks });
    await row.waitFor();
    assert.equal(await row.getByTestId('invitation-status').innerText(), '使用中');
    const shown = await row.getByTestId('invitation-link').innerText();
    assert.match(shown, new RegExp(`^${BASE_URL}/register/[A-Za-z0-9_-]{32}$`));
    await row.getByTestId('invitation-copy').click();
    await page.getByText('链接已复制').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, shown);
    await screenshot(page, 'invitations-manager-zh-CN');

    // A visitor opens it and signs up; the page says the membership waits for approval.
    const v = visitor.page;
    await v.goto(link);
    await v.getByTestId('invitation-site').getByText('示范学院').waitFor();
    await v.getByTestId('register-username').fill(username);
    await v.getByTestId('register-nickname').fill('新同学');
    await v.getByTestId('register-email').fill(`${username}@example.com`);
    await enterSignupCode(v, `${username}@example.com`);
    await v.getByTestId('register-mobile').fill('13912345678');
    await v.getByTestId('register-password').fill(PASSWORD);
    await v.getByTestId('register-password-again').fill(PASSWORD);
    await v.getByTestId('register-submit').click();
    await v.getByTestId('register-done').getByText('示范学院').waitFor();
    await screenshot(v, 'invitations-registered-zh-CN');

    // Login is refused until the organisation approves.
    await v.goto(`${BASE_URL}/login`);
    await v.getByTestId('login-username').fill(username);
    await v.getByTestId('login-password').fill(PASSWORD);
    await v.getByTestId('login-submit').click();
    await v.getByTestId('login-error').getByText('您不属于任何可用的机构').waitFor();

    // The link counts the sign-up; the manager approves in the pending tab.
    await page.reload();
    await row.waitFor();
    assert.equal(await row.locator('td').nth(3).innerText(), '1');
    await page.getByTestId('mysite-tab-pending').click();
    await page.waitForURL((url) => url.pathname === '/mysite/pending');
    const pending = page.getByTestId('pending-table').locator('tr.ant-table-row', { hasText: username });
    await pending.waitFor();
    assert.match(await pending.innerText(), new RegExp(remarks));
    await pending.getByTestId('pending-approve').click();
    await page.getByTestId('pending-approve-ok').click();
    // Both waits start at once: under a loaded CI machine the approval once took longer than 15 s to confirm.
    await Promise.all([
      page.getByText('已通过 1 位成员').waitFor({ timeout: 30_000 }),
      pending.waitFor({ state: 'detached', timeout: 30_000 }),
    ]);

    // Now the new person logs in and works in the organisation.
    await login(v, username);
    await v.getByTestId('site-name').getByText('示范学院').waitFor();
    assert.equal(await v.getByTestId('site-name').innerText(), '示范学院');
    await screenshot(v, 'invitations-approved-zh-CN');
  });
});
