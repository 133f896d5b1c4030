import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, type Browser, enterSignupCode, login, openBrowser, PASSWORD, screenshot } from '../support.ts';

describe('operator flow', () => {
  let operator: Browser;
  let teacher: Browser;
  let visitor: Browser;
  before(async () => {
    operator = await openBrowser();
    teacher = await openBrowser();
    visitor = await openBrowser();
  });
  after(async () => {
    await operator.close();
    await teacher.close();
    await visitor.close();
  });

  it('the operator opens an organisation and invites; the visitor signs up, teacher approves, the person works there', async () => {
    const stamp = Date.now() % 100_000;
    const siteName = `运营机构${stamp}`;
    const remarks = `运营邀请 ${stamp}`;
    const username = `e2e_op_${Date.now().toString(36)}`;

    // The operator creates the organisation with `teacher` as its manager, in Zhejiang.
    const { page } = operator;
    await login(page, 'operator');
    await page.goto(`${BASE_URL}/site`);
    await page.getByRole('cell', { name: '示范学院' }).waitFor();
    await page.getByTestId('site-create').click();
    await page.getByTestId('site-form-name').fill(siteName);
    await page.getByTestId('site-form-manager').fill('teacher');
    await page.getByTestId('site-form-province').click();
    await page.keyboard.type('浙江');
    await page.locator('.ant-select-item-option', { hasText: '浙江省' }).click();
    await page.getByTestId('site-save').click();
    await page.getByText(`机构 ${siteName} 已创建`).waitFor();

    // The statistics tab counts it.
    await page.getByTestId('site-tab-stats').click();
    await page.getByTestId('site-stat-table').locator('tr.ant-table-row', { hasText: siteName }).waitFor();
    await page.getByTestId('site-stat-sections').waitFor();
    await screenshot(page, 'operator-site-stats-zh-CN');

    // It makes an invitation link of that organisation on /site/invitation.
    await page.goto(`${BASE_URL}/site/invitation`);
    await page.getByTestId('site-invitation-table').waitFor();
    await page.getByTestId('site-invitation-create').click();
    await page.getByTestId('site-invitation-form-site').click();
    await page.keyboard.type(siteName);
    await page.locator('.ant-select-item-option', { hasText: siteName }).click();
    await page.getByTestId('site-invitation-form-remarks').fill(remarks);
    await page.locator('#site-invitation-submit').click();
    await page.getByText('邀请已创建').waitFor();
    const row = page.getByTestId('site-invitation-table').locator('tr.ant-table-row', { hasText: remarks });
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(siteName));
    const link = (await row.locator('[data-testid^="site-invitation-link-"]').textContent())?.trim() ?? '';
    assert.match(link, new RegExp(`^${BASE_URL}/register/[A-Za-z0-9_-]{32}$`));
    await screenshot(page, 'operator-invitation-zh-CN');

    // A visitor signs up through the link.
    const v = visitor.page;
    await v.goto(link);
    await v.getByTestId('invitation-site').getByText(siteName).waitFor();
    await v.getByTestId('register-username').fill(username);
    await v.getByTestId('register-nickname').fill('运营新人');
    await v.getByTestId('register-email').fill(`${username}@example.com`);
    await enterSignupCode(v, `${username}@example.com`);
    await v.getByTestId('register-mobile').fill('13912345679');
    await v.getByTestId('register-password').fill(PASSWORD);
    await v.getByTestId('register-password-again').fill(PASSWORD);
    await v.getByTestId('register-submit').click();
    await v.getByTestId('register-done').getByText(siteName).waitFor();

    // `teacher` switches to the new organisation and approves the pending member.
    const tp = teacher.page;
    await login(tp, 'teacher');
    await tp.getByTestId('site-switcher').click();
    await tp.locator('.plain-list li', { hasText: siteName }).getByRole('button').click();
    await tp.getByTestId('site-name').getByText(siteName).waitFor();
    await tp.goto(`${BASE_URL}/mysite/pending`);
    const pending = tp.getByTestId('pending-table').locator('tr.ant-table-row', { hasText: username });
    await pending.waitFor();
    assert.match(await pending.innerText(), new RegExp(remarks));
    await pending.getByTestId('pending-approve').click();
    await tp.getByTestId('pending-approve-ok').click();
    await tp.getByText('已通过 1 位成员').waitFor();
    await pending.waitFor({ state: 'detached' });

    // The new person logs in to the new organisation.
    await login(v, username);
    await v.getByTestId('site-name').getByText(siteName).waitFor();
    assert.equal(await v.getByTestId('site-name').innerText(), siteName);
    await screenshot(v, 'operator-flow-member-zh-CN');
  });
});
