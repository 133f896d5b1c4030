import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ZipFile } from 'yazl';
import { pngImage } from '../../apps/server/src/testing/media-samples.ts';
import { BASE_URL, type Browser, login, openBrowser, screenshot } from '../support.ts';

const IMAGES = 6;

/** A zip of real PNG images (each a different gradient) in a folder, as a person would pack them. */
function imageZip(): Promise<Buffer> {
  const zip = new ZipFile();
  for (let i = 0; i < IMAGES; i++) zip.addBuffer(pngImage(32, 32, i * 40), `images/sample-${i + 1}.png`);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** `YYYY-MM-DD HH:mm` of a date, in the browser's (and this process's) time zone. */
function typed(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}`;
}

/**
 * The options of the dropdown that belongs to the select named by its test id. A dropdown that is still closing
 * (another select's) stays visible for a moment, so options are found through the select's own listbox id.
 */
async function optionsOf(page: Page, testId: string) {
  const inputId = await page.getByTestId(testId).locator('input').first().getAttribute('id');
  return page.locator(`.ant-select-dropdown:has([id="${inputId}_list"]) .ant-select-item-option`);
}

/**
 * Opens the select named by its test id and picks the option holding `text` (the first option when empty). The text
 * is typed first: long option lists are virtual, so an option far down is not in the page until searched for.
 */
async function pick(page: Page, testId: string, text?: string): Promise<void> {
  await page.getByTestId(testId).click();
  if (text) await page.keyboard.type(text);
  const options = await optionsOf(page, testId);
  await (text ? options.filter({ hasText: text }).first() : options.first()).click();
}

async function typeDate(page: Page, testId: string, date: Date): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(typed(date));
  await page.keyboard.press('Enter');
}

describe('project wizard', () => {
  let browser: Browser;
  let admin: Browser;
  before(async () => {
    browser = await openBrowser();
    admin = await openBrowser();
  });
  // On a failure, what both browsers showed helps more than the locator's name.
  afterEach(async (t) => {
    if ('passed' in t && t.passed) return;
    await screenshot(browser.page, 'project-wizard-failed-producer').catch(() => {});
    await screenshot(admin.page, 'project-wizard-failed-root').catch(() => {});
  });
  after(async () => {
    await browser.close();
    await admin.close();
  });

  it('the producer sets a project up with a zip of images, releases it, root approves it, and it is in progress', async () => {
    const { page } = browser;
    const name = `端到端项目${Date.now() % 100_000}`;
    const zip = await imageZip();

    // Info: a name too short is refused as typed, then the real one; image category, a month-long window.
    await login(page, 'producer');
    await page.goto(`${BASE_URL}/production/project`);
    await page.getByTestId('project-table').waitFor();
    await page.getByTestId('project-create').click();
    await page.waitForURL((url) => url.pathname === '/production/project-create');
    await page.getByTestId('project-form-name').fill('甲');
    await page.getByText('项目名称为 2 到 30 个字符').waitFor();
    await page.getByTestId('project-form-name').fill(name);
    await pick(page, 'project-form-category', '图像拉框');
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    const end = new Date(start.getTime() + 30 * 86_400_000);
    await typeDate(page, 'project-form-start', start);
    await typeDate(page, 'project-form-end', end);
    await page.getByTestId('project-form-description').fill('端到端测试：图像框选');
    await page.getByTestId('wizard-next').click();
    await page.waitForURL((url) => url.searchParams.has('id'));
    const id = Number(new URL(page.url()).searchParams.get('id'));
    assert.ok(id > 0);

    // Template: the first one offered for the category, its labels shown with their colours.
    await page.locator('[data-testid^="template-option-"]').first().click();
    await page.getByTestId('template-labels').getByTestId('template-label').first().waitFor();
    await page.getByTestId('wizard-next').click();

    // Data: the source "zip archive", then the zip of images through the uploader's file input.
    await page.getByTestId('data-source').getByText('压缩包').click();
    await page.locator('input[type="file"]').first().setInputFiles({
      name: 'images.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    await page.getByTestId('data-item-count').getByText(String(IMAGES), { exact: true }).waitFor({ timeout: 30_000 });
    // Next is enabled once the project holds data (the uploader reports the change).
    await page.locator('[data-testid="wizard-next"]:not([disabled])').waitFor();
    await screenshot(page, 'project-wizard-data-zh-CN');
    await page.getByTestId('wizard-next').click();

    // Confirm: the summary counts the images and shows the template's labels again.
    await page.getByTestId('data-summary-count').getByText(String(IMAGES), { exact: true }).waitFor();
    await page.getByTestId('template-labels').getByTestId('template-label').first().waitFor();
    await page.getByTestId('wizard-next').click();

    // Batches: a wrong count shows the sum problem; split evenly in two, confirm (fixed from now on).
    await page.getByTestId('batch-count-0').fill('2');
    await page.getByTestId('batch-problem').getByText('必须相等', { exact: false }).waitFor();
    await page.getByTestId('batch-split-count').fill('2');
    await page.getByTestId('batch-split').click();
    await page.getByTestId('batch-sum').getByText(`合计 ${IMAGES} / 总数 ${IMAGES}`).waitFor();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('batch-confirm-ok').click();

    // Processes: the suggested execute step plus an audit step under it.
    await page.getByTestId('step-card-0').waitFor();
    await page.getByTestId('step-add-audit').click();
    await page.getByTestId('step-card-1').waitFor();
    await page.getByTestId('wizard-next').click();

    // Tasks: one per step and batch (2 x 2), suggested within the project window; a lease of one hour for all.
    await page.getByTestId('task-table').locator('tr.ant-table-row').nth(3).waitFor();
    await page.getByTestId('task-apply-all-button').click();
    await page.getByTestId('wizard-next').click();

    // People: each picker offers only the members who can work its step; students, teachers, content managers and
    // platform accounts are not among them, and the hint says why.
    await page.getByTestId('people-table').waitFor();
    await page.getByTestId('people-fit-hint').waitFor();
    await page.getByTestId('people-row-0-users').click();
    const offered = await optionsOf(page, 'people-row-0-users');
    await offered.filter({ hasText: '(annotator)' }).waitFor();
    const labels = await offered.allTextContents();
    assert.ok(
      labels.some((label) => label.includes('(reviewer)')),
      labels.join(' | '),
    );
    for (const unfit of ['student', 'teacher', 'contentmgr', 'root', 'operator']) {
      assert.ok(!labels.some((label) => label.includes(`(${unfit})`)), `${unfit} offered: ${labels.join(' | ')}`);
    }
    await page.keyboard.press('Escape');

    // The annotator on every task of the execute step, copied explicitly.
    await pick(page, 'people-bulk-step', '标注');
    await pick(page, 'people-bulk-users', 'annotator');
    await page.keyboard.press('Escape');
    await page.getByTestId('people-bulk-apply').click();
    await page.getByText('已为 标注 的 2 个任务设置人员').waitFor();

    // Choosing the audit step starts from nobody: nothing chosen for the execute step travels into its review.
    await pick(page, 'people-bulk-step', '审核');
    assert.equal(await page.getByTestId('people-bulk-users').locator('.ant-select-selection-item').count(), 0);
    const auditRows = page.getByTestId('people-table').locator('tr.ant-table-row').filter({ hasText: '审核' });
    assert.equal(await auditRows.count(), 2);
    assert.equal(await auditRows.locator('.ant-select-selection-item').count(), 0);

    // The annotator reviewing their own batch is warned about, and the warning goes with them.
    const auditUsers = auditRows.first().locator('[data-testid$="-users"]');
    const auditTestId = (await auditUsers.getAttribute('data-testid')) ?? '';
    await pick(page, auditTestId, 'annotator');
    await page.keyboard.press('Escape');
    await page
      .getByTestId('people-self-review')
      .getByText('标注员：在 批次 1 中既标注又审核', { exact: false })
      .waitFor();
    await screenshot(page, 'project-wizard-people-zh-CN');
    await auditUsers.locator('.ant-select-selection-item-remove').first().click();
    await page.getByTestId('people-self-review').waitFor({ state: 'detached' });

    // The reviewer on the audit step.
    await pick(page, 'people-bulk-users', 'reviewer');
    await page.keyboard.press('Escape');
    await page.getByTestId('people-bulk-apply').click();
    await auditRows.nth(1).locator('.ant-select-selection-item', { hasText: 'reviewer' }).waitFor();
    assert.equal(await auditRows.locator('.ant-select-selection-item', { hasText: 'reviewer' }).count(), 2);
    assert.equal(await auditRows.locator('.ant-select-selection-item', { hasText: 'annotator' }).count(), 0);
    await page.getByTestId('wizard-next').click();

    // Finished: release now; the list shows it under review.
    await page.getByTestId('wizard-finished').waitFor();
    await screenshot(page, 'project-wizard-finished-zh-CN');
    await page.getByTestId('wizard-publish').click();
    await page.waitForURL((url) => url.pathname === '/production/project');
    const row = page.getByTestId('project-table').locator('tr.ant-table-row', { hasText: name });
    await row.getByTestId('project-status').getByText('待平台审核').waitFor();

    // Root approves it in the platform audit (its own browser).
    const root = admin.page;
    await login(root, 'root', { from: '/system/project-audit' });
    await root.waitForURL((url) => url.pathname === '/system/project-audit');
    await root.getByTestId('audit-table').locator('tr.ant-table-row', { hasText: name }).waitFor();
    await root.getByTestId(`audit-view-${id}`).click();
    await root.getByTestId('audit-info').getByText(name).waitFor();
    await root.keyboard.press('Escape');
    await root.getByTestId(`audit-approve-${id}`).click();
    await root.getByTestId('audit-approve-confirm').click();
    await root.getByText(`项目 ${name} 已通过审核`).waitFor();
    await screenshot(root, 'project-audit-zh-CN');

    // The producer sees it in progress.
    await page.goto(`${BASE_URL}/production/project`);
    const doing = page.getByTestId('project-table').locator('tr.ant-table-row', { hasText: name });
    await doing.getByTestId('project-status').getByText('进行中').waitFor();
    await doing.getByTestId(`project-link-${id}`).click();
    await page.getByTestId('project-title').getByText(name).waitFor();
    await screenshot(page, 'project-detail-zh-CN');
  });
});
