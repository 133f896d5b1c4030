import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { loginAsNewUser, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, chooseOption, login, screenshot } from '../support.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('certificates', () => {
  const browsers = useBrowsers('certificates', 'manager', 'holder');

  it('a manager issues a certificate, the holder downloads it, and the public page verifies and then shows it revoked', async () => {
    const suffix = uniqueSuffix();
    const templateName = `结业模板${suffix}`;
    const holderName = `持证${suffix}`;
    const m = browsers.manager.page;
    const h = browsers.holder.page;

    // A manager and a student of their own in the demo organisation, made by root.
    await loginAsNewUser(m, [
      { username: `certmgr${suffix}`, roles: ['role_manager'], nickname: `证书管理${suffix}` },
      { username: `certstu${suffix}`, roles: ['role_student'], nickname: holderName },
    ]);

    // The template, on the certificate management page.
    await m.goto(`${BASE_URL}/trainingcamp/certmanage`);
    await m.getByTestId('cert-template-create').click();
    await m.getByTestId('cert-template-name').fill(templateName);
    await m.getByTestId('cert-template-title').fill('结业证书');
    await m.getByTestId('cert-template-body').fill('兹证明 {name} 完成了 {subject} 的学习，成绩 {score}。');
    await m.getByTestId('cert-template-issuer').fill('示范学院培训中心');
    await m.getByTestId('cert-template-save').click();
    await m.getByText('模板已保存').first().waitFor();
    await m.locator('.ant-table-row', { hasText: templateName }).waitFor();

    // Issuing it by hand to the new student.
    await m.getByRole('tab', { name: '已发证书' }).click();
    await m.getByTestId('cert-issue').click();
    await chooseOption(m, 'cert-issue-template', templateName);
    await m.getByTestId('cert-issue-users').click();
    await m.keyboard.type(holderName);
    await m.locator('.ant-select-item-option', { hasText: holderName }).first().click();
    await m.getByTestId('cert-issue-subject').fill('数据标注基础');
    await m.getByTestId('cert-issue-score').fill('92');
    await m.getByTestId('cert-issue-save').click();
    await m.getByText('新发放 1 张，0 人已持有').first().waitFor();
    const row = m.locator('.ant-table-row', { hasText: holderName });
    await row.waitFor();
    assert.match(await row.innerText(), /有效/);
    const code = (await row.locator('code').innerText()).trim();
    assert.match(code, /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await screenshot(m, 'certificates-issued-zh-CN');

    // The manager exports the issued list (导出): the xlsx holds the new certificate's code.
    const [exported] = await Promise.all([m.waitForEvent('download'), m.getByTestId('cert-export').click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await exported.path())!);
    const codes = workbook.worksheets[0]!.getColumn(1).values.map(String);
    assert.ok(codes.includes(code), 'the export lists the issued certificate');

    // The holder sees it under My certificates (/myinfo/certs) and downloads the PNG.
    await login(h, `certstu${suffix}`);
    await h.goto(`${BASE_URL}/myinfo/certs`);
    const card = h.getByTestId(`mycert-${code}`);
    await card.waitFor();
    assert.match(await card.innerText(), /数据标注基础/);
    assert.match(await card.innerText(), /有效/);
    await screenshot(h, 'certificates-mine-zh-CN');
    const [download] = await Promise.all([h.waitForEvent('download'), card.getByTestId('mycert-download').click()]);
    assert.equal(download.suggestedFilename(), `certificate-${code}.png`);
    const file = readFileSync((await download.path())!);
    assert.ok(file.subarray(0, 8).equals(PNG_SIGNATURE), 'the download is a PNG');
    assert.ok(file.length > 30_000, `the PNG has content (${file.length} bytes)`);

    // Anyone can verify the code on the public page (signed out).
    await h.context().clearCookies();
    await h.goto(`${BASE_URL}/cert/verify`);
    await h.getByTestId('cert-verify-input').locator('input').fill(code.toLowerCase());
    await h.getByTestId('cert-verify-input').locator('input').press('Enter');
    await h.getByText('证书真实有效').waitFor();
    const result = h.getByTestId('cert-verify-result');
    assert.equal(await result.getAttribute('data-status'), 'valid');
    assert.match(await result.innerText(), new RegExp(holderName));
    assert.match(await result.innerText(), /示范学院培训中心/);
    await screenshot(h, 'certificates-verify-zh-CN');

    // The manager revokes it (with a reason, after a warning); the public page then says revoked.
    await row.locator('[data-testid^="cert-revoke-"]').click();
    await m.getByText('撤销后持证人会看到证书已撤销').waitFor();
    await m.getByTestId('cert-revoke-reason').fill('考试成绩复核未通过');
    await m.getByTestId('cert-revoke-confirm').click();
    await m.getByText('证书已撤销').first().waitFor();
    await row.getByText('已撤销').waitFor();

    await h.goto(`${BASE_URL}/cert/verify?code=${encodeURIComponent(code)}`);
    await h.getByText('该证书已被发证机构撤销').waitFor();
    assert.equal(await h.getByTestId('cert-verify-result').getAttribute('data-status'), 'revoked');

    await h.goto(`${BASE_URL}/cert/verify?code=AAAA-BBBB-CCCC-DDDD`);
    await h.getByTestId('cert-verify-not-found').waitFor();
  });
});
