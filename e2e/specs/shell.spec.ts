import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { BASE_URL, type Browser, call, login, menuEntries, moduleTabs, openBrowser, screenshot } from '../support.ts';

describe('shell', () => {
  let browser: Browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(() => browser.close());
  afterEach(async () => {
    await browser.context.clearCookies();
    await browser.page.evaluate(() => localStorage.clear()).catch(() => {});
  });

  it('the demo student sees only the student modules, the manager the manager modules', async () => {
    const { page } = browser;
    await login(page, 'student');
    assert.deepEqual(await moduleTabs(page), ['认证学习', '在线考试', '课程学习']);
    await page.locator('.module-tabs').getByText('在线考试').click();
    await page.waitForURL((url) => url.pathname.startsWith('/trainingcamp/myexam'));
    // The menu follows the module a moment after the address does.
    await page.getByTestId('side-menu').getByText('考试记录').waitFor();
    assert.deepEqual(await menuEntries(page), ['我的考试', '考试记录']);
    // Other specs publish exams in the demo organisation meanwhile: the list or its empty state.
    await page.getByTestId('my-exam-table').waitFor();
    await screenshot(page, 'shell-student-zh-CN');
    await browser.context.clearCookies();
    await login(page, 'manager');
    assert.deepEqual(await moduleTabs(page), ['考试管理', '课程教学', '教学信息管理', '机构信息管理']);
    await page.locator('.module-tabs').getByText('机构信息管理').click();
    await page.waitForURL((url) => url.pathname === '/user/mylist');
    await page.getByRole('cell', { name: 'annotator', exact: true }).waitFor();
  });

  it('switching role changes the menus', async () => {
    const { page } = browser;
    await login(page, 'manager');
    assert.deepEqual(await moduleTabs(page), ['考试管理', '课程教学', '教学信息管理', '机构信息管理']);
    await page.getByTestId('role-switcher').click();
    await page.getByRole('menuitem', { name: '教师' }).click();
    await page.waitForLoadState('load');
    await page.getByTestId('role-switcher').getByText('教师').waitFor();
    assert.deepEqual(await moduleTabs(page), ['考试管理', '课程教学', '教学信息管理']);
    await page.getByTestId('role-switcher').click();
    await page.getByRole('menuitem', { name: '管理员' }).click();
    await page.getByTestId('role-switcher').getByText('管理员').waitFor();
  });

  it("switching organisation shows the other organisation's name and data", async () => {
    const { page } = browser;
    await login(page, 'manager');
    await page.goto(`${BASE_URL}/user/mylist`);
    await page.getByRole('cell', { name: 'annotator', exact: true }).waitFor();
    assert.equal(await page.getByTestId('site-name').innerText(), '示范学院');
    await page.getByTestId('site-switcher').click();
    await page.getByText('各机构的数据相互独立，不会同步。').waitFor();
    await page.getByRole('button', { name: '切换到此机构' }).click();
    await page.waitForURL((url) => url.pathname !== '/user/mylist');
    await page.getByTestId('site-name').getByText('星河数据').waitFor();
    await page.locator('.module-tabs').getByText('机构信息管理').click();
    await page.getByRole('cell', { name: 'manager2', exact: true }).waitFor();
    assert.equal(await page.getByRole('cell', { name: 'annotator', exact: true }).count(), 0);
    await page.getByTestId('site-switcher').click();
    await page.getByRole('button', { name: '切换到此机构' }).click();
    await page.getByTestId('site-name').getByText('示范学院').waitFor();
  });

  it('the menu collapse and the language survive a reload', async () => {
    const { page } = browser;
    await login(page, 'manager');
    const menu = page.getByTestId('side-menu');
    await menu.locator('.ant-menu-item').first().waitFor();
    assert.equal(await menu.getAttribute('data-collapsed'), '0');
    assert.equal(Math.round((await menu.boundingBox())!.width), 220);
    await page.locator('.ant-layout-sider-trigger').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="side-menu"]')?.getAttribute('data-collapsed') === '1',
    );
    await page.getByTestId('lang-switcher').click();
    await page.getByText('English', { exact: true }).click();
    await page.locator('.module-tabs').getByText('Organisation information').waitFor();
    await page.reload();
    await page.locator('.module-tabs').getByText('Organisation information').waitFor();
    assert.equal(await menu.getAttribute('data-collapsed'), '1');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="side-menu"]')?.getBoundingClientRect().width === 63,
    );
    await page.locator('.ant-layout-sider-trigger').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="side-menu"]')?.getAttribute('data-collapsed') === '0',
    );
    // Interface text only: the nickname in the user menu is the person's own (Chinese) data.
    for (const part of [
      '.module-tabs',
      '[data-testid="side-menu"]',
      '.tab-bar',
      '.top-bar-actions',
      '.ant-card-head-title',
    ]) {
      const text = (await page.locator(part).allInnerTexts()).join(' ').replace('王校长', '');
      assert.doesNotMatch(text, /[\u3400-\u9fff]/, part);
    }
    await screenshot(page, 'shell-manager-en-US');
    await page.getByTestId('lang-switcher').click();
    await page.getByText('简体中文', { exact: true }).click();
    await page.locator('.module-tabs').getByText('机构信息管理').waitFor();
    await screenshot(page, 'shell-manager-zh-CN');
  });

  it('a new session starts with an empty tab bar', async () => {
    const { page } = browser;
    await login(page, 'student');
    const tabs = page.getByTestId('open-tab');
    await page.goto(`${BASE_URL}/trainingcamp/mywrong`);
    await tabs.filter({ hasText: '错题本' }).waitFor();
    await page.goto(`${BASE_URL}/trainingcamp/mycollect`);
    await tabs.filter({ hasText: '我的收藏' }).waitFor();
    assert.equal(await tabs.filter({ hasText: '错题本' }).count(), 1);
    // Signing in again (the same browser tab, no logout in between): the pages of the last session are gone.
    await login(page, 'student');
    await tabs.first().waitFor();
    assert.equal(await tabs.count(), 1);
  });

  it('the floating to-do pill covers neither the pager nor the last row of a list', async () => {
    const { page } = browser;
    await login(page, 'manager');
    await page.goto(`${BASE_URL}/user/mylist`);
    await page.locator('.ant-pagination').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Boxes measured in the page, compared here (a function declared inside evaluate() would need the
    // transpiler's name helper, which the page does not have).
    const boxes = await page.evaluate(() => {
      const rows = document.querySelectorAll('.ant-table-tbody tr');
      return [
        document.querySelector('[data-testid="todo-panel"]'),
        document.querySelector('.ant-pagination'),
        rows[rows.length - 1] ?? null,
      ].map((element) => element?.getBoundingClientRect().toJSON() as DOMRect | undefined);
    });
    const [pill, pager, lastRow] = boxes;
    assert.ok(pill && pager && lastRow, 'the pill, the pager and a row are on the page');
    const covered = (box: DOMRect) =>
      box.right > pill.left && box.left < pill.right && box.bottom > pill.top && box.top < pill.bottom;
    const overlaps = { pager: covered(pager), lastRow: covered(lastRow) };
    assert.deepEqual(overlaps, { pager: false, lastRow: false });
  });

  it('the to-do panel shows the counts the heartbeat sends', async () => {
    const { page } = browser;
    const heartbeat = new Promise<{
      course_interact_task_count: number;
      examine_count: number;
      course_task_count: number;
    }>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          const message = JSON.parse(String(frame.payload));
          if (message.data?.action === 'heartbeat') resolve(message.data.user_stat);
        }),
      );
    });
    await login(page, 'student');
    const stat = await heartbeat;
    const total = stat.course_interact_task_count + stat.examine_count + stat.course_task_count;
    // The demo course's reading and practice are due within the week.
    assert.ok(stat.course_task_count >= 2, `course tasks due: ${stat.course_task_count}`);
    await page.getByTestId('todo-open').getByText(`您有 ${total} 项待办`).waitFor();
    await page.getByTestId('todo-open').click();
    const counts = await page.getByTestId('todo-counts').innerText();
    assert.match(counts, new RegExp(`待完成互动答题: ${stat.course_interact_task_count}`));
    assert.match(counts, new RegExp(`待参加考试: ${stat.examine_count}`));
    assert.match(counts, new RegExp(`待完成课程任务: ${stat.course_task_count}`));
    await page.getByTestId('todo-panel').getByText('课程任务 · 数据标注入门 · 标注规范导读').waitFor();
    // Other specs publish exams in the demo organisation: a pending exam is listed, or nothing is pending.
    const details = page.getByTestId('todo-panel').getByRole('button', { name: '查看详情' });
    await (total === 0 ? page.getByText('暂无待办事项').or(details.first()) : details.first()).waitFor();
    await page.getByTestId('todo-close').click();
    await page.getByTestId('todo-open').waitFor();
  });

  it('the platform operator sees the platform dashboard with figures', async () => {
    const { page } = browser;
    await login(page, 'operator');
    assert.deepEqual(await moduleTabs(page), ['平台管理']);
    // Other specs create organisations on the same server: the card must show what the platform holds now.
    const { total } = await call<{ total: number }>(page, '/site/list', {});
    assert.ok(total >= 2);
    await page.getByTestId('stat-sites').getByText(String(total), { exact: true }).waitFor();
    await page.getByTestId('logins-chart').locator('canvas').waitFor();
    await screenshot(page, 'platform-dashboard-zh-CN');
  });
});
