import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  BASE_URL,
  type Browser,
  chooseOption,
  exitJobFrame,
  login,
  openBrowser,
  screenshot,
  startMyTask,
} from '../support.ts';

const PROJECT = '商品信息表单';
const REASON = '价格核对有误';

/** Opens My tasks filtered to the demo form project and starts its task whose name starts with `step`. */
async function startTask(page: Page, step: '标注' | '审核') {
  await startMyTask(page, PROJECT, `${step} · 第1批`);
}

/** Fills the form template: the category select and the price radio. */
async function fillForm(page: Page, price: '是' | '否') {
  await chooseOption(page, 'field-category', '数码');
  await page.getByTestId('field-price_correct').getByText(price, { exact: true }).click();
}

describe('job review', () => {
  let annotator: Browser;
  let reviewer: Browser;
  before(async () => {
    annotator = await openBrowser();
    reviewer = await openBrowser();
  });
  afterEach(async (t) => {
    if ('passed' in t && t.passed) return;
    await screenshot(annotator.page, 'job-review-failed-annotator').catch(() => {});
    await screenshot(reviewer.page, 'job-review-failed-reviewer').catch(() => {});
  });
  after(async () => {
    await annotator.close();
    await reviewer.close();
  });

  it('an operator submits, the auditor rejects with a reason, the operator reworks it, the auditor passes it', async () => {
    const a = annotator.page;
    const r = reviewer.page;
    await login(a, 'annotator');
    await login(r, 'reviewer');

    // The annotator claims, fills the form and submits; the second job in hand goes back with Exit.
    await startTask(a, '标注');
    const firstItem = await a.getByTestId('job-position').innerText();
    await fillForm(a, '是');
    await screenshot(a, 'job-frame-zh-CN');
    await a.getByTestId('job-submit').click();
    await a.waitForFunction((before) => {
      const position = document.querySelector('[data-testid="job-position"]')?.textContent;
      return position !== before;
    }, firstItem);
    await exitJobFrame(a);

    // The auditor sees who did the work and rejects it with a reason.
    await startTask(r, '审核');
    await r.getByTestId('job-subject').waitFor();
    await r.getByTestId('job-reject').click();
    await r.getByTestId('review-reason-input').fill(REASON);
    await r.getByTestId('review-confirm').click();
    await r.getByTestId('job-finished').waitFor();

    // The annotator finds the job under needs rework, is told with the reason, and the notice's link opens the job
    // in hand again (claimed back, nothing else to click), editable; the annotator submits it again.
    const row = a
      .getByTestId('my-task-table')
      .locator('tr.ant-table-row', { hasText: PROJECT })
      .filter({ hasText: '标注 · 第1批' });
    await a.goto(`${BASE_URL}/production/task/my/doing`);
    await chooseOption(a, 'my-task-project-filter', PROJECT);
    assert.equal(await row.locator('[data-testid^="task-rework-"]').innerText(), '1');
    await a.getByTestId('message-bell').click();
    const notice = a.getByTestId('notice-item').filter({ hasText: REASON }).first();
    await notice.getByTestId('notice-open').click();
    await a.waitForURL((url) => url.pathname === '/production/task-execute' && url.searchParams.has('job_id'));
    assert.match(await a.getByTestId('job-reason').innerText(), new RegExp(REASON));
    // The claim puts the rework first and tops the hand up from the pool.
    assert.match(await a.getByTestId('job-position').innerText(), /^手中第 1 \/ \d 题$/);
    assert.equal(await a.getByTestId('job-submit').isEnabled(), true);
    await a.getByTestId('field-price_correct').getByText('否', { exact: true }).click();
    await a.getByTestId('job-submit').click();
    await a.getByTestId('job-reason').waitFor({ state: 'detached' });
    await exitJobFrame(a);

    // The auditor passes the reworked job.
    await startTask(r, '审核');
    await r.getByTestId('job-subject').waitFor();
    await r.getByTestId('job-pass').click();
    await r.getByTestId('job-finished').waitFor();

    // My performance shows the approval and the rejection.
    await a.goto(`${BASE_URL}/production/stat`);
    await a.getByTestId('my-stat-approvals').filter({ hasText: /^1$/ }).waitFor();
    assert.equal(await a.getByTestId('my-stat-rejections').innerText(), '1');
    await screenshot(a, 'my-performance-zh-CN');
  });
});
