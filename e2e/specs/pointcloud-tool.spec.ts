import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { type Browser, login, openBrowser, screenshot, startMyTask } from '../support.ts';

const PROJECT = '点云车辆3D框';

async function startTask(page: Page, task: string) {
  await startMyTask(page, PROJECT, task);
}

/** The orbit view once the cloud is parsed and drawn (WebGL on SwiftShader), and a point on it in fractions. */
async function mainView(page: Page) {
  const view = page.locator('[data-testid="pointcloud-main"][data-ready="true"]');
  await view.waitFor({ timeout: 60_000 });
  const box = (await view.boundingBox())!;
  return (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
}

/** The input of a number in the cuboid panel. */
const field = (page: Page, name: string) =>
  page.locator(`input[data-testid="cuboid-field-${name}"], [data-testid="cuboid-field-${name}"] input`).first();

const occluded = (page: Page) =>
  page.locator('input[data-testid="cuboid-occluded"], [data-testid="cuboid-occluded"] input').first();

/** What the side view shows: the cuboid's id, its extent (length x height) and its rectangle in the pane. */
async function sideView(page: Page) {
  const side = page.getByTestId('pointcloud-view-side');
  const box = (await side.boundingBox())!;
  const [x, y, w, h] = ((await side.getAttribute('data-box')) ?? '').split(',').map(Number) as number[];
  return {
    cuboid: await side.getAttribute('data-cuboid'),
    showing: await side.getAttribute('data-showing'),
    extent: await side.getAttribute('data-extent'),
    pane: box,
    rect: { x: x!, y: y!, w: w!, h: h! },
  };
}

describe('point cloud tool', () => {
  let annotator: Browser;
  let reviewer: Browser;
  before(async () => {
    annotator = await openBrowser();
    reviewer = await openBrowser();
    await login(annotator.page, 'annotator');
    await login(reviewer.page, 'reviewer');
  });
  afterEach(async (t) => {
    if ('passed' in t && t.passed) return;
    await screenshot(annotator.page, 'pointcloud-failed-annotator').catch(() => {});
    await screenshot(reviewer.page, 'pointcloud-failed-reviewer').catch(() => {});
  });
  after(async () => {
    await annotator.close();
    await reviewer.close();
  });

  it('draws a labelled cuboid, sees it in the side view, resizes it there, submits; the reviewer sees it', async () => {
    const a = annotator.page;
    await startTask(a, '标注 · 第1批');
    const at = await mainView(a);
    await a.getByTestId('pointcloud-label-汽车').click();
    await a.getByTestId('pointcloud-add').click();
    const p = at(0.5, 0.55);
    await a.mouse.click(p.x, p.y);
    await a.getByTestId('shape-item-0').waitFor();
    assert.match(await a.getByTestId('shape-item-0').innerText(), /汽车/);
    // The new cuboid is selected: picking the label of the next one does not relabel it.
    await a.getByTestId('pointcloud-label-行人').click();
    assert.match(await a.getByTestId('shape-item-0').innerText(), /汽车/);
    const id = await a.getByTestId('shape-item-0').getAttribute('data-shape-id');

    // The new cuboid is selected: the side view shows it, length x height of a car, inside the pane.
    await a.waitForFunction(
      (shape) => document.querySelector('[data-testid="pointcloud-view-side"]')?.getAttribute('data-cuboid') === shape,
      id,
    );
    let side = await sideView(a);
    assert.equal(side.showing, 'true');
    assert.equal(side.extent, '4.50x1.60');
    assert.ok(side.rect.w > 20 && side.rect.h > 5, `side view rectangle ${JSON.stringify(side.rect)}`);
    assert.ok(side.rect.x >= 0 && side.rect.x + side.rect.w <= side.pane.width);
    await screenshot(a, 'pointcloud-cuboid-zh-CN');

    // Escape drops the selection (the side view empties); a click on the cuboid in the orbit view selects it again.
    await a.keyboard.press('Escape');
    await a.locator('[data-testid="pointcloud-view-side"][data-showing="false"]').waitFor();
    await a.mouse.click(p.x, p.y);
    await a.locator('[data-testid="pointcloud-view-side"][data-showing="true"]').waitFor();
    side = await sideView(a);

    // Drag the right edge of the cuboid in the side view: it gets longer, the rear stays.
    const edge = { x: side.pane.x + side.rect.x + side.rect.w, y: side.pane.y + side.rect.y + side.rect.h / 2 };
    await a.mouse.move(edge.x, edge.y);
    await a.mouse.down();
    await a.mouse.move(edge.x + 15, edge.y, { steps: 4 });
    await a.mouse.up();
    await a.waitForFunction(
      () => document.querySelector('[data-testid="pointcloud-view-side"]')?.getAttribute('data-extent') !== '4.50x1.60',
    );
    side = await sideView(a);
    const length = Number(side.extent?.split('x')[0]);
    assert.ok(length > 4.6, `length after the drag: ${side.extent}`);
    assert.ok(Math.abs(Number(await field(a, 'l').inputValue()) - length) <= 0.005);

    // Numbers in the panel move it too (one undo step): the heading to 30°.
    await field(a, 'heading').fill('30');
    await field(a, 'heading').press('Enter');
    await a.getByTestId('job-undo').waitFor();
    assert.equal(await field(a, 'heading').inputValue(), '30.0');
    // An attribute: occluded.
    await occluded(a).check();
    assert.equal(await occluded(a).isChecked(), true);
    await a.getByTestId('job-submit').click();
    await a.waitForFunction(() => !document.querySelector('[data-testid="shape-item-0"]'));

    const r = reviewer.page;
    await startTask(r, '审核 · 第1批');
    await r.getByTestId('job-subject').waitFor();
    await mainView(r);
    assert.equal(await r.locator('[data-testid^="shape-item-"]').count(), 1);
    assert.match(await r.getByTestId('shape-item-0').innerText(), /汽车/);
    assert.equal(await r.getByTestId('pointcloud-add').isDisabled(), true);
    await r.getByTestId('shape-item-0').click();
    await r.waitForFunction(
      () => document.querySelector('[data-testid="pointcloud-view-side"]')?.getAttribute('data-showing') === 'true',
    );
    const seen = await sideView(r);
    assert.equal(seen.extent, side.extent);
    assert.equal(await field(r, 'heading').inputValue(), '30.0');
    assert.equal(await occluded(r).isChecked(), true);
    assert.equal(await occluded(r).isDisabled(), true);
    await screenshot(r, 'pointcloud-review-zh-CN');
  });
});
