import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { BASE_URL, type Browser, login, openBrowser, screenshot } from '../support.ts';

describe('annotation templates and categories', () => {
  let browser: Browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(() => browser.close());
  afterEach(async () => {
    await browser.context.clearCookies();
    await browser.page.evaluate(() => localStorage.clear()).catch(() => {});
  });

  it('a content producer copies a common template, sees live problems and the preview, then deletes the copy', async () => {
    const { page } = browser;
    await login(page, 'producer');
    await page.goto(`${BASE_URL}/production/template`);
    const common = page.locator('.ant-table-row', { hasText: '图像拉框（通用）' });
    await common.waitFor();
    assert.match(await common.innerText(), /公共/);

    await common.locator('[data-testid^="template-copy-"]').click();
    await page.getByText('已复制为 图像拉框（通用） 副本').waitFor();
    const copy = page.locator('.ant-table-row', { hasText: '图像拉框（通用） 副本' }).first();
    await copy.waitFor();
    await copy.locator('[data-testid^="template-edit-"]').click();
    await page.getByTestId('template-valid').waitFor();
    await page.getByTestId('template-visual-editor').waitFor();
    await screenshot(page, 'template-editor-zh-CN');
    await page.getByTestId('template-mode-preview').click();
    await page.getByTestId('template-preview').getByText('汽车').waitFor();

    await page.getByTestId('template-mode-json').click();
    await page.getByTestId('template-json').fill('{"version": 1, "components": [{"id": "img", "type": "image"}]}');
    await page.getByTestId('template-problems').getByText('至少需要一个可绘制的形状（rect）').waitFor();
    await page.getByTestId('template-json').fill('{"version": 1,');
    await page.getByTestId('template-problems').getByText('JSON 格式有误', { exact: false }).waitFor();
    await page.getByTestId('template-mode-visual').click();
    await page.getByText('JSON 无效（或没有组件列表）', { exact: false }).waitFor();
    assert.equal(await page.getByTestId('template-visual-editor').count(), 0);
    await page.keyboard.press('Escape');

    await copy.locator('[data-testid^="template-delete-"]').click();
    await page.getByText('确定删除模板“图像拉框（通用） 副本”吗？').waitFor();
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await page.getByText('已删除').waitFor();
  });

  it('a content producer adds a radio with the visual editor to a copy of a common template', async () => {
    const { page } = browser;
    await login(page, 'producer');
    await page.goto(`${BASE_URL}/production/template`);
    const common = page.locator('.ant-table-row', { hasText: '图像拉框（通用）' }).first();
    await common.waitFor();
    await common.locator('[data-testid^="template-copy-"]').click();
    await page.getByText('已复制为 图像拉框（通用） 副本').waitFor();
    const copy = page.locator('.ant-table-row', { hasText: '图像拉框（通用） 副本' }).first();
    await copy.waitFor();
    await copy.locator('[data-testid^="template-edit-"]').click();

    await page.getByTestId('template-visual-editor').waitFor();
    await page.getByTestId('palette-radio').click();
    await page.getByTestId('canvas-component-radio1').waitFor();
    assert.match((await page.getByTestId('canvas-component-radio1').getAttribute('class')) ?? '', /selected/);
    await page.getByTestId('prop-label').fill('图像质量');
    await page.getByTestId('prop-option-value-0').fill('clear');
    await page.getByTestId('prop-option-label-0').fill('清晰');
    await page.getByTestId('canvas-component-radio1').getByText('清晰').waitFor();

    // Drag and drop: a layout to the top, an input into the layout, the radio before everything.
    await page.getByTestId('palette-layout').dragTo(page.getByTestId('canvas-slot-root-0'));
    await page.getByTestId('canvas-component-layout1').waitFor();
    await page.getByTestId('palette-input').dragTo(page.getByTestId('canvas-slot-layout1-0'));
    await page.getByTestId('canvas-component-layout1').getByTestId('canvas-component-input1').waitFor();
    await page.getByTestId('canvas-component-radio1').dragTo(page.getByTestId('canvas-slot-root-0'));

    // A shortcut used twice is flagged inline and blocks saving until it is changed.
    await page.getByTestId('canvas-component-box').click();
    assert.equal(await page.getByTestId('prop-shortcut').inputValue(), 'r');
    await page.getByTestId('prop-shortcut').fill('1');
    await page.getByTestId('prop-shortcut-problem').getByText('该快捷键已被其他工具或标签使用').waitFor();
    await page.getByTestId('template-problems').getByText('快捷键', { exact: false }).first().waitFor();
    assert.equal(await page.getByTestId('template-save').isDisabled(), true);
    await page.getByTestId('prop-shortcut').fill('r');
    await page.getByTestId('template-valid').waitFor();
    await screenshot(page, 'template-visual-editor-zh-CN');
    await page.getByTestId('template-save').click();
    await page.getByText('已保存').waitFor();

    await copy.locator('[data-testid^="template-edit-"]').click();
    await page.getByTestId('canvas-component-radio1').getByText('清晰').waitFor();
    await page.getByTestId('template-mode-json').click();
    const json = JSON.parse(await page.getByTestId('template-json').inputValue());
    const radio = json.components.find((c: { id: string }) => c.id === 'radio1');
    assert.equal(radio.type, 'radio');
    assert.equal(radio.label, '图像质量');
    assert.deepEqual(radio.options, [{ value: 'clear', label: '清晰' }]);
    assert.deepEqual(
      json.components.map((c: { id: string }) => c.id),
      ['radio1', 'layout1', 'img', 'classes', 'box'],
    );
    assert.deepEqual(
      json.components[1].children.map((c: { id: string }) => c.id),
      ['input1'],
    );
    await page.keyboard.press('Escape');

    await copy.locator('[data-testid^="template-delete-"]').click();
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await page.getByText('已删除').waitFor();
  });

  it('the super administrator sees the seeded categories', async () => {
    const { page } = browser;
    await login(page, 'root');
    await page.goto(`${BASE_URL}/system/template-category`);
    const keypoints = page.locator('.ant-table-row', { hasText: 'Key points' });
    await keypoints.waitFor();
    assert.match(await keypoints.innerText(), /图像/);
    await keypoints.locator('[data-testid^="category-edit-"]').click();
    await page.getByTestId('category-name').waitFor();
    assert.equal(await page.getByTestId('category-name').inputValue(), '关键点');
    await page.keyboard.press('Escape');
    await screenshot(page, 'template-categories-zh-CN');
  });
});
