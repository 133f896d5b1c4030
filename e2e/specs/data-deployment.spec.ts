import assert from 'node:assert/strict';
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  startTestFtpServer,
  type TestFtpServer,
} from '../../apps/server/src/modules/data-deployment/ftp-test-server.ts';
import { pngImage } from '../../apps/server/src/testing/media-samples.ts';
import { boxProjectWithResults, draftBoxProject } from '../pack-project.ts';
import { uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, call, login, loginFresh, screenshot } from '../support.ts';

const FTP_USER = 'deploy';
const FTP_PASSWORD = 'ftp-secret-1';

/** Opens the select named by its test id, types `search` into it and picks the option showing `text`. */
async function searchAndChoose(page: Page, testId: string, search: string, text: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click();
  await page.keyboard.type(search);
  const inputId = await select.locator('input').first().getAttribute('id');
  await page
    .locator(`.ant-select-dropdown:has([id="${inputId}_list"]) .ant-select-item-option`, { hasText: text })
    .first()
    .click();
}

/**
 * Chooses the transfer's target in the dialog. The options come from a server search as the name is typed: a click
 * that lands on an option of an earlier answer, replaced meanwhile, chooses nothing, so it is tried again until the
 * dialog's start button is enabled.
 */
async function chooseTarget(page: Page, search: string, text: string): Promise<void> {
  const start = page.locator('[data-testid="transfer-start"]:not([disabled])');
  for (let attempt = 0; attempt < 3; attempt++) {
    await searchAndChoose(page, 'transfer-target', search, text);
    if (
      await start.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    await page.keyboard.press('Escape');
  }
  await start.waitFor();
}

/** The packet's row in the packets table, and its id (from its pull button). */
async function packetRow(page: Page, name: string) {
  const row = page.getByTestId('packet-table').locator('.ant-table-row', { hasText: name });
  const pull = row.locator('[data-testid^="packet-pull-"]');
  await pull.waitFor();
  const id = Number((await pull.getAttribute('data-testid'))?.replace('packet-pull-', ''));
  return { row, id };
}

describe('data deployment', () => {
  const browsers = useBrowsers('data-deployment', 'root', 'manager');
  let ftp: TestFtpServer;
  before(async () => {
    ftp = await startTestFtpServer(FTP_USER, FTP_PASSWORD);
  });
  after(async () => {
    await ftp.close();
  });

  it('root makes a packet, a wrong password fails the pull, the right one pulls 2 images, a pack is pushed', async () => {
    const suffix = uniqueSuffix();
    const packetName = `端到端FTP${suffix}`;
    await writeFile(path.join(ftp.root, 'one.png'), pngImage(32, 24, 10));
    await writeFile(path.join(ftp.root, 'two.png'), pngImage(32, 24, 90));

    // A producer (content production) of the demo organisation with a fresh draft project (image boxes, no data yet).
    const r = browsers.root.page;
    const m = browsers.manager.page;
    await login(r, 'root');
    await loginFresh(m, r, `deployprod${suffix}`, ['role_content_production']);
    const draftName = `端到端拉取${suffix}`;
    const draft = await draftBoxProject(m, draftName);

    // Root creates the packet in the UI with a wrong password.
    await r.goto(`${BASE_URL}/system/data-deployment`);
    await r.getByTestId('packet-create').click();
    await r.getByTestId('packet-name').fill(packetName);
    await r.getByTestId('packet-address').fill(ftp.address);
    await r.getByTestId('packet-user').fill(FTP_USER);
    await r.getByTestId('packet-password').fill('wrong-password');
    await r.getByTestId('packet-form-save').click();
    await r.getByText('已保存').first().waitFor();
    const packet = await packetRow(r, packetName);

    // Pull into the draft: it fails, and the row shows the FTP server's reply.
    await r.getByTestId(`packet-pull-${packet.id}`).click();
    await chooseTarget(r, draftName, draftName);
    await r.getByTestId('transfer-start').click();
    await r.getByText('传输已开始').first().waitFor();
    const failed = packet.row.locator('[data-testid^="transfer-progress-"][data-status="failed"]');
    await failed.waitFor({ timeout: 20_000 });
    const error = await packet.row.locator('[data-testid^="transfer-error-"]').innerText();
    assert.match(error, /530|Login incorrect/i);
    await screenshot(r, 'data-deployment-pull-failed');
    let detail = await call<{ item_count: number }>(m, '/project/detail', { id: draft.projectId });
    assert.equal(detail.item_count, 0);

    // The right password: the pull succeeds and the project holds the two images.
    await r.getByTestId(`packet-edit-${packet.id}`).click();
    await r.getByTestId('packet-password').fill(FTP_PASSWORD);
    await r.getByTestId('packet-form-save').click();
    await r.getByText('已保存').first().waitFor();
    await r.getByTestId(`packet-pull-${packet.id}`).click();
    await chooseTarget(r, draftName, draftName);
    await r.getByTestId('transfer-start').click();
    await packet.row
      .locator('[data-testid^="transfer-progress-"][data-status="succeeded"]')
      .waitFor({ timeout: 30_000 });
    detail = await call<{ item_count: number }>(m, '/project/detail', { id: draft.projectId });
    assert.equal(detail.item_count, 2);
    await m.goto(`${BASE_URL}/production/project-detail/${draft.projectId}/data`);
    await m.getByTestId('data-item').nth(1).waitFor();
    assert.equal(await m.getByTestId('data-item').count(), 2);
    await screenshot(m, 'data-deployment-pulled-project');

    // A finished pack of another project of the manager, pushed to the packet's folder.
    const project = await boxProjectWithResults(m, r, `端到端推送${suffix}`, [1, 2]);
    const built = await call<{ id: number }>(m, '/pack/build', {
      project_id: project.projectId,
      step_id: project.stepId,
      batch_ids: [],
      format: 'coco',
      include_media: false,
    });
    let bytes = 0;
    for (let i = 0; i < 100 && !bytes; i++) {
      const listed = await call<{ list: { id: number; status: string; file_bytes: number | null }[] }>(
        m,
        '/pack/list',
        { project_id: project.projectId },
      );
      const pack = listed.list.find((p) => p.id === built.id);
      assert.notEqual(pack?.status, 'failed');
      if (pack?.status === 'succeeded') bytes = pack.file_bytes ?? 0;
      else await new Promise((resolve) => setTimeout(resolve, 300));
    }
    assert.ok(bytes > 0, 'the pack finished');
    const pulled = await packet.row.locator('[data-testid^="transfer-progress-"]').getAttribute('data-testid');
    await r.getByTestId(`packet-push-${packet.id}`).click();
    await chooseTarget(r, `端到端推送${suffix}`, `#${built.id} `);
    await r.getByTestId('transfer-start').click();
    await packet.row
      .locator(`[data-testid^="transfer-progress-"][data-status="succeeded"]:not([data-testid="${pulled}"])`)
      .waitFor({ timeout: 30_000 });
    const zips = (await readdir(ftp.root)).filter((name) => name.endsWith('.zip'));
    assert.equal(zips.length, 1, (await readdir(ftp.root)).join());
    assert.equal((await stat(path.join(ftp.root, zips[0]!))).size, bytes);
    // The packet's volume is read back from the server: two images and the zip.
    await packet.row.getByText('3', { exact: true }).waitFor();
    await screenshot(r, 'data-deployment-pushed');
  });
});
