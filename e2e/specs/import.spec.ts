import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { BASE_URL, type Browser, login, openBrowser, screenshot } from '../support.ts';

/** An xlsx of 50 people: 47 good rows, then a row without username, a bad email and a taken username. */
async function makeImportFile(dir: string, prefix: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('members');
  sheet.addRow(['username', 'nickname', 'email', 'mobile', 'password', 'roles']);
  for (let i = 1; i <= 47; i++) {
    sheet.addRow([`${prefix}${i}`, `导入 ${i}`, '', '13800000000', 'Abc12345', 'role_student']);
  }
  sheet.addRow(['', '无名', '', '', 'Abc12345', '']);
  sheet.addRow([`${prefix}bad`, '坏邮箱', 'not-an-email', '', 'Abc12345', '']);
  sheet.addRow(['student', '重名', '', '', 'Abc12345', '']);
  const file = path.join(dir, 'members.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('member import', () => {
  let browser: Browser;
  let dir: string;
  before(async () => {
    browser = await openBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'e2e-import-'));
  });
  after(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a manager imports an xlsx of 50 people with 3 bad rows and sees 47 successes and the 3 reasons', async () => {
    const { page } = browser;
    const prefix = `imp${Date.now().toString(36)}_`;
    const file = await makeImportFile(dir, prefix);
    await login(page, 'manager');
    await page.goto(`${BASE_URL}/user/mylist`);
    await page.getByTestId('member-import').click();
    await page.locator('.ant-modal input[type="file"]').setInputFiles(file);
    await page.getByTestId('member-import-submit').click();
    const success = page.getByTestId('member-import-success');
    await success.waitFor({ timeout: 60_000 });
    assert.equal(await success.innerText(), '成功创建 47 名成员');
    const rows = page.getByTestId('member-import-failures').locator('tr.ant-table-row');
    assert.equal(await rows.count(), 3);
    assert.deepEqual(await rows.allInnerTexts(), [
      '49\t\t缺少用户名',
      `50\t${prefix}bad\t邮箱格式不正确`,
      '51\tstudent\t用户名已被占用',
    ]);
    await screenshot(page, 'member-import-zh-CN');

    // The list shows the new people.
    await page.getByRole('dialog').getByRole('button', { name: '关闭', exact: true }).click();
    await page.getByTestId('member-search').locator('input').fill(prefix);
    await page.getByTestId('member-search').locator('input').press('Enter');
    await page.getByText('共 47 条').waitFor();
  });
});
