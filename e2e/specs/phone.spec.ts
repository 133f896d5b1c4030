import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertReachable, checkPage, shoot } from '../phone-checks.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsersWith } from '../suite.ts';
import { BASE_URL, call, login } from '../support.ts';

/** The demo organisation's open practice set (seeded with the demo question bank; 4 questions a session). */
const OPEN_SET = '质量与安全入门练习';

/** Opens the drawer menu from the top bar and picks `entry`, opening its module's section `module` when closed. */
async function fromDrawer(page: Page, entry: string, module?: string): Promise<void> {
  await page.getByTestId('phone-menu-button').tap();
  const menu = page.getByTestId('phone-menu');
  await menu.waitFor();
  const item = menu.locator('.ant-menu-item', { hasText: new RegExp(`^${entry}$`) });
  if (module && !(await item.isVisible()))
    await menu.locator('.ant-menu-submenu-title', { hasText: new RegExp(`^${module}$`) }).tap();
  await item.tap();
  await menu.waitFor({ state: 'hidden' });
}

/** The right option positions of each question of a practice session, read by a question author. */
async function rightOptions(learner: Page, author: Page, sessionId: number): Promise<number[][]> {
  const session = await call<{ questions: { id: number }[] }>(learner, '/trainingcamp/session', { id: sessionId });
  const keys: number[][] = [];
  for (const { id } of session.questions) {
    const detail = await call<{ options: { correct: boolean }[] }>(author, '/dataset-data/detail', { id });
    keys.push(detail.options.flatMap((o, i) => (o.correct ? [i] : [])));
  }
  return keys;
}

describe('the learner on a phone', () => {
  const browsers = useBrowsersWith('phone', { staff: {}, phone: { phone: true } });

  it('a student uses every learner page at 390 × 844 without scrolling sideways, starting from the drawer menu', async () => {
    const suffix = uniqueSuffix();
    const manager = `phmgr${suffix}`;
    const student = `phstu${suffix}`;
    const examName = `手机考试${suffix}`;
    const m = browsers.staff.page;
    const p = browsers.phone.page;

    // A manager and a student of their own; the manager publishes an exam, issues a certificate and makes a code.
    await loginAsNewUser(m, [
      { username: manager, roles: ['role_manager'] },
      { username: student, roles: ['role_student'], nickname: `手机学员${suffix}` },
    ]);
    const now = Date.now();
    const exam = await call<{ id: number }>(m, '/dataset-examine/create', {
      name: examName,
      paper_mode: 'random',
      blueprint: {
        total: 6,
        type_ratios: { single: 3, multiple: 1, judge: 2 },
        difficulty_ratios: { easy: 0, medium: 0, hard: 0 },
      },
      pass_score: 60,
      duration_seconds: 20 * 60,
      attempts_allowed: 2,
      show_analysis: true,
      window_start: new Date(now - 60_000).toISOString(),
      window_end: new Date(now + 3_600_000).toISOString(),
    });
    await call(m, '/dataset-examine/publish', { id: exam.id });
    const template = await call<{ id: number }>(m, '/dataset-cert-code/create', {
      name: `手机证书模板${suffix}`,
      title: '结业证书',
      body: '兹证明 {name} 完成了 {subject} 的学习。',
      issuer: '示范学院培训中心',
    });
    const [holder] = await call<{ id: number }[]>(m, '/dataset-cert-user/user-options', { keyword: student });
    assert.ok(holder, 'the student is a member');
    await call(m, '/dataset-cert-user/issue', {
      template_id: template.id,
      user_ids: [holder.id],
      subject: '数据标注基础',
    });
    const tree = await call<{ list: { id: number; name: string }[] }>(m, '/dataset-category/tree', {});
    const batch = await call<{ id: number }>(m, '/dataset-cdkey/create', {
      name: `手机激活码${suffix}`,
      category_id: tree.list.find((c) => c.name === '数据标注基础')!.id,
      unit_price: 0,
      count: 1,
      valid_from: new Date(now - 3_600_000).toISOString(),
      valid_until: new Date(now + 86_400_000).toISOString(),
    });
    const [code] = (await call<{ list: { code: string }[] }>(m, '/dataset-cdkey/codes', { batch_id: batch.id })).list;

    // Home: the cards stack; the menu is a drawer behind the top bar's button.
    await login(p, student);
    await p.waitForURL((url) => url.pathname === '/home_student');
    await p.getByTestId('home-next').waitFor();
    assert.equal(await p.getByTestId('side-menu').count(), 0, 'no side menu on a phone');
    assert.equal(await p.locator('.todo-panel').count(), 0, 'no floating to-do over the page');
    await checkPage(p, 'home', p.getByTestId('home-next').getByRole('button'));
    await p.getByTestId('phone-menu-button').tap();
    const drawerEntry = p.getByTestId('phone-menu').locator('.ant-menu-item', { hasText: /^练习列表$/ });
    await drawerEntry.waitFor();
    await shoot(p, 'menu');
    await drawerEntry.tap();
    await p.waitForURL((url) => url.pathname === '/trainingcamp/train');

    // Practice sets: join the open set; its detail's start button; a session of 4 questions, the first one wrong.
    const card = p.locator('[data-testid^="practice-set-"]', { hasText: OPEN_SET });
    await checkPage(p, 'practice-sets', card.locator('[data-testid^="practice-join-"]'));
    await card.locator('[data-testid^="practice-join-"]').tap();
    await card.getByText('已加入').waitFor();
    await card.getByRole('link', { name: OPEN_SET }).tap();
    await p.waitForURL((url) => url.pathname === '/trainingcamp/trainDetail');
    await checkPage(p, 'practice-detail', p.getByTestId('train-detail-start'));
    await p.getByTestId('train-detail-start').tap();
    await p.getByRole('dialog').getByTestId('practice-start-ok').waitFor();
    await shoot(p, 'practice-start');
    await p.getByRole('dialog').getByTestId('practice-start-ok').tap();
    await p.waitForURL((url) => url.pathname === '/course/interactExam');
    const sessionId = Number(new URL(p.url()).searchParams.get('id'));
    const keys = await rightOptions(p, m, sessionId);
    await checkPage(p, 'practice-session', p.getByTestId('practice-submit'));
    for (const [index, right] of keys.entries()) {
      await p.getByTestId(`practice-sheet-${index}`).tap();
      const options = p.getByTestId('practice-question').getByTestId('practice-options').locator('label');
      const wrong = [...Array(await options.count()).keys()].filter((i) => !right.includes(i)).slice(0, 1);
      const chosen = index === 0 ? wrong : right;
      for (const position of chosen) await options.nth(position).tap();
      await p.getByTestId('practice-submit').tap();
      await p
        .getByTestId('practice-verdict')
        .getByText(index === 0 ? '回答错误' : '回答正确')
        .waitFor();
    }
    await p.getByTestId('practice-sheet-0').tap();
    await p.getByTestId('practice-collect').tap();
    await p.getByTestId('practice-collect').getByText('取消收藏').waitFor();
    await checkPage(p, 'practice-answered', p.getByTestId('practice-finish'));
    await p.getByTestId('practice-finish').tap();
    await p.waitForURL((url) => url.pathname === '/trainingcamp/train-result');
    await p.getByTestId('practice-score').waitFor();
    await checkPage(p, 'practice-result', p.getByRole('link', { name: '查看报告' }));
    await p.getByRole('link', { name: '查看报告' }).tap();
    await p.waitForURL((url) => url.pathname === '/trainingcamp/train-report');
    await p.getByTestId('practice-report-chart').locator('canvas').waitFor();
    await checkPage(p, 'practice-report');

    // The wrong-answer book, collections, my sets, my records, statistics and the portrait, as cards.
    await fromDrawer(p, '错题本');
    await p.getByTestId('practice-wrong-table').locator('.phone-card').first().waitFor();
    await checkPage(p, 'wrong-book', p.getByTestId('practice-wrong-start'));
    await fromDrawer(p, '我的收藏');
    const collected = p.getByTestId('practice-collect-table').locator('.phone-card');
    await collected.first().waitFor();
    await checkPage(p, 'collections', collected.first().locator('[data-testid^="practice-uncollect-"]'));
    await p.goto(`${BASE_URL}/trainingcamp/mytrain`);
    const mySet = p.getByTestId('mytrain-table').locator('.phone-card', { hasText: OPEN_SET });
    await checkPage(p, 'my-sets', mySet.locator('[data-testid^="mytrain-start-"]'));
    await p.goto(`${BASE_URL}/trainingcamp/selfexamrecord`);
    await p.getByTestId('practice-records-table').locator('.phone-card').first().waitFor();
    await checkPage(
      p,
      'practice-records',
      p.getByTestId('practice-records-table').getByRole('link', { name: '查看报告' }),
    );
    await p.goto(`${BASE_URL}/trainingcamp/myteststat`);
    await p.getByTestId('practice-stat-chart').locator('canvas').waitFor();
    await checkPage(p, 'practice-stats');
    await p.goto(`${BASE_URL}/trainingcamp/category-portrait`);
    await p.getByTestId('practice-portrait-categories').locator('.phone-card').first().waitFor();
    await checkPage(p, 'portrait');

    // My exams (another module, from the drawer) -> the pre-exam page -> join -> start -> submit -> result.
    await fromDrawer(p, '我的考试', '在线考试');
    const examCard = p.getByTestId('my-exam-table').locator('.phone-card', { hasText: examName });
    await checkPage(p, 'my-exams', examCard.getByTestId(`my-exam-start-${exam.id}`));
    await examCard.getByTestId(`my-exam-start-${exam.id}`).tap();
    await p.waitForURL((url) => url.pathname === '/trainingcamp/pre-exam');
    await p.getByTestId('pre-exam-join').tap();
    await p.getByText('已报名参加考试').first().waitFor();
    await p.waitForFunction(() => !document.querySelector('[data-testid="pre-exam-start"]')?.hasAttribute('disabled'));
    await checkPage(p, 'pre-exam', p.getByTestId('pre-exam-start'));
    await p.getByTestId('pre-exam-start').tap();
    await p.getByTestId('exam-answering').waitFor();
    await p.getByTestId('exam-option-0').tap();
    await p.getByTestId('exam-save-state').getByText('已保存').waitFor();
    await checkPage(p, 'exam', p.getByTestId('exam-submit'), '#root');
    await p.getByTestId('exam-submit').tap();
    await p.locator('.ant-modal-confirm .ant-btn-primary').tap();
    await p.getByTestId('exam-result').waitFor();
    await checkPage(p, 'exam-result', undefined, '#root');
    await p.getByRole('button', { name: '我的考试记录' }).tap();
    await p.waitForURL((url) => url.pathname === '/trainingcamp/myexamRecord');
    const record = p.getByTestId('exam-records-table').locator('.phone-card', { hasText: examName });
    await checkPage(p, 'exam-records', record.locator('[data-testid^="exam-record-result-"]'));
    await record.locator('[data-testid^="exam-record-result-"]').tap();
    await p.getByTestId('exam-result').waitFor();
    await checkPage(p, 'exam-record-result');

    // Activation codes: redeem one; the redeemed code shows as a card.
    await fromDrawer(p, '我的激活码', '认证学习');
    await p.getByTestId('cdkey-code').fill(code!.code);
    await p.getByTestId('cdkey-redeem').tap();
    await p.getByTestId('cdkey-mine').locator('.phone-card', { hasText: code!.code }).waitFor();
    await checkPage(p, 'cdkeys', p.getByTestId('cdkey-redeem'));

    // My certificates (my info, outside the shell): the download gives the PNG.
    await p.goto(`${BASE_URL}/myinfo/certs`);
    const cert = p.locator('[data-testid^="mycert-"]', { hasText: '数据标注基础' }).first();
    await cert.waitFor();
    await checkPage(p, 'certificates', cert.getByTestId('mycert-download'), '.myinfo-main');
    const [download] = await Promise.all([p.waitForEvent('download'), cert.getByTestId('mycert-download').tap()]);
    assert.match(download.suggestedFilename(), /^certificate-.+\.png$/);
    await p.goto(`${BASE_URL}/myinfo`);
    await checkPage(p, 'myinfo', p.getByTestId('profile-save'), '.myinfo-main');

    // The avatar menu holds the switchers and logout; the to-do opens from the top bar.
    await p.goto(`${BASE_URL}/home_student`);
    await p.getByTestId('account-menu').tap();
    await assertReachable(p, p.getByRole('menuitem', { name: '退出登录' }), 'account menu');
    await shoot(p, 'account-menu');
    await p.keyboard.press('Escape');
    await p.getByTestId('todo-open').tap();
    await p.getByTestId('todo-counts').waitFor();
    await shoot(p, 'todo');
    await p.locator('.ant-drawer-close').tap();
    await p.getByTestId('todo-counts').waitFor({ state: 'hidden' });

    // In English (from the avatar menu): longer words, still nothing sideways.
    await p.getByTestId('account-menu').tap();
    await p.getByRole('menuitem', { name: 'English' }).tap();
    await p.getByTestId('home-next').getByText('Practise next').waitFor();
    await checkPage(p, 'en-home');
    await p.goto(`${BASE_URL}/trainingcamp/myexam/all`);
    const enExam = p.getByTestId('my-exam-table').locator('.phone-card', { hasText: examName });
    await checkPage(p, 'en-my-exams', enExam.getByTestId(`my-exam-start-${exam.id}`));
    await p.goto(`${BASE_URL}/trainingcamp/pre-exam?id=${exam.id}`);
    await checkPage(p, 'en-pre-exam', p.getByTestId('pre-exam-start'));
  });

  it('a student follows a course at 390 × 844: my courses, the course home, a reading', async () => {
    const suffix = uniqueSuffix();
    const [teacher, student] = [`phtch${suffix}`, `phcs${suffix}`];
    const courseName = `手机课程${suffix}`;
    const m = browsers.staff.page;
    const p = browsers.phone.page;
    await loginAsNewUser(m, [
      { username: teacher, roles: ['role_teacher'] },
      { username: student, roles: ['role_student'], nickname: `课程学员${suffix}` },
    ]);
    const klass = await call<{ id: number; join_code: string }>(m, '/group/create', {
      kind: 'class',
      name: `手机班${suffix}`,
    });
    const course = await call<{ id: number }>(m, '/dataset-course/create', { name: courseName });
    const withWeek = await call<{ chapters: { id: number }[] }>(m, '/dataset-course/chapter-add-weeks', {
      course_id: course.id,
      count: 1,
      title_pattern: '第 {n} 周',
    });
    const due_at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const reading = '<p>标注前先通读规范全文，再逐条对照样例检查自己的标注。</p>'.repeat(12);
    for (const [title, material] of [
      ['手机阅读', { type: 'text', html: reading }],
      ['参考链接', { type: 'link', url: 'https://example.com/guide' }],
    ] as const) {
      await call(m, '/dataset-course/task-save', {
        chapter_id: withWeek.chapters[0]!.id,
        kind: 'material',
        title,
        due_at,
        weight: 50,
        material,
      });
    }
    await call(m, '/dataset-course/classes-set', { id: course.id, group_ids: [klass.id] });
    await call(m, '/dataset-course/online', { id: course.id });
    await loginAs(p, student);
    await call(p, '/group/join-by-code', { code: klass.join_code });

    await p.goto(`${BASE_URL}/course/student-list`);
    await checkPage(p, 'my-courses', p.getByTestId(`my-course-card-${course.id}`));
    await p.getByTestId(`my-course-card-${course.id}`).tap();
    const row = p.getByTestId('course-due-week').locator('[data-testid^="course-due-task-"]', { hasText: '手机阅读' });
    await checkPage(p, 'course-home', row.first());
    await row.first().tap();
    await checkPage(p, 'course-reading', p.getByTestId('material-html'), '.ant-drawer-body');
    await p.getByTestId('material-html').evaluate((e) => e.closest('[style*="overflow"]')?.scrollTo(0, 1e6));
    await p.locator('[data-testid="material-done"][data-done="true"]').waitFor();
  });

  it('on a 1440 × 900 screen the side menu stays a fixed menu beside the page', async () => {
    const m = browsers.staff.page;
    await loginAs(m, 'student');
    await m.waitForURL((url) => url.pathname === '/home_student');
    const menu = m.getByTestId('side-menu');
    await menu.locator('.ant-menu-item').first().waitFor();
    const box = await menu.boundingBox();
    assert.ok(box && box.x === 0 && box.y === 56, `the menu lies at ${JSON.stringify(box)}`);
    assert.equal(box.width, 220);
    assert.equal(await m.getByTestId('phone-menu-button').count(), 0);
    const area = await m.locator('.page-area').boundingBox();
    assert.ok(area && area.x >= box.width, 'the page starts beside the menu');
    // The student's modules: learning, exams and courses.
    assert.equal(await m.locator('.module-tabs .ant-tabs-tab').count(), 3);
  });
});
