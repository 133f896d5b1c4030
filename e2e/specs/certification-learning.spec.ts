import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginAs, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, call, createUser, login, screenshot } from '../support.ts';

/** The demo set locked behind 数据标注基础 (seeded with the demo question bank): 2 图像标注 + 2 文本标注 questions. */
const LOCKED_SET = '标注规范认证练习';
const LOCK_CATEGORY = '数据标注基础';

/** A question's category and its right and wrong option indexes (from the teacher's view of the set). */
interface AnswerKey {
  category: string;
  right: number[];
  wrong: number[];
}

/** The session's questions in order, and for each its category and right / a wrong choice (from the teacher's view). */
async function answerKeys(learner: Page, teacher: Page, sessionId: number) {
  const session = await call<{ questions: { id: number }[] }>(learner, '/trainingcamp/session', { id: sessionId });
  const keys: (AnswerKey & { id: number })[] = [];
  for (const { id } of session.questions) {
    const detail = await call<{ category_name: string; options: { correct: boolean }[] }>(
      teacher,
      '/dataset-data/detail',
      { id },
    );
    const right = detail.options.flatMap((o, i) => (o.correct ? [i] : []));
    const firstWrong = detail.options.findIndex((o) => !o.correct);
    keys.push({ id, category: detail.category_name, right, wrong: [firstWrong] });
  }
  return keys;
}

/** Answers question `index` of the open session page with `chosen` and waits for the verdict shown. */
async function answer(page: Page, index: number, chosen: number[], verdict: '回答正确' | '回答错误') {
  await page.getByTestId(`practice-sheet-${index}`).click();
  const options = page.getByTestId('practice-question').getByTestId('practice-options');
  for (const position of chosen) await options.locator('label').nth(position).click();
  await page.getByTestId('practice-submit').click();
  await page.getByTestId('practice-verdict').getByText(verdict).waitFor();
}

const sessionIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

describe('certification learning', () => {
  const browsers = useBrowsers('certification-learning', 'staff', 'student');

  it('a student redeems a code, practises the set, gets two wrong, clears one from the wrong book, sees both in the portrait', async () => {
    const suffix = uniqueSuffix();
    const people = { teacher: `clteacher${suffix}`, manager: `clmanager${suffix}`, student: `clstudent${suffix}` };

    // People of their own in 示范学院 (the demo accounts are left as they are for the specs running alongside).
    const h = browsers.staff.page;
    await login(h, 'root');
    for (const [username, role] of [
      [people.teacher, 'role_teacher'],
      [people.manager, 'role_manager'],
      [people.student, 'role_student'],
    ] as const) {
      await createUser(h, username, [role], `认证学习${role === 'role_student' ? '学员' : '老师'}`);
    }
    const tree = await call<{ list: { id: number; name: string }[] }>(h, '/dataset-category/tree', {});
    const lockCategory = tree.list.find((c) => c.name === LOCK_CATEGORY);
    assert.ok(lockCategory, 'the demo question bank is seeded');

    // The manager makes a batch of one code for the category (a code is redeemed only once).
    await loginAs(h, people.manager);
    const batch = await call<{ id: number }>(h, '/dataset-cdkey/create', {
      name: `认证学习激活码${suffix}`,
      category_id: lockCategory.id,
      unit_price: 0,
      count: 1,
      valid_from: new Date(Date.now() - 3600_000).toISOString(),
      valid_until: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const codes = await call<{ list: { code: string }[] }>(h, '/dataset-cdkey/codes', { batch_id: batch.id });
    const code = codes.list[0]!.code;
    // The teacher stays signed in here to read the right answers.
    await loginAs(h, people.teacher);

    // The student lands on the learner's home: nothing joined yet.
    const s = browsers.student.page;
    await login(s, people.student);
    await s.waitForURL((url) => url.pathname === '/home_student');
    await s.getByTestId('home-next').getByText('还没有加入练习').waitFor();
    await s.getByTestId('home-stat-wrong').getByText('0', { exact: true }).waitFor();

    // Joining the locked set asks for an activation code: a wrong one is refused in the dialog, the right one
    // unlocks the category and joins at once.
    await s.goto(`${BASE_URL}/trainingcamp/train`);
    const card = s.locator('[data-testid^="practice-set-"]', { hasText: LOCKED_SET });
    await card.getByText('需激活码解锁').waitFor();
    await card.locator('[data-testid^="practice-join-"]').click();
    const unlock = s.getByRole('dialog');
    await unlock.getByText('这个练习需要激活码解锁').waitFor();
    await s.getByTestId('practice-unlock-code').fill('NOPE-NOPE-NOPE-NOPE');
    await unlock.getByRole('button', { name: '解锁并加入' }).click();
    await unlock.getByText('激活码不存在').waitFor();
    await s.getByTestId('practice-unlock-code').fill(code.toLowerCase());
    await unlock.getByRole('button', { name: '解锁并加入' }).click();
    await s.getByText('已加入练习').first().waitFor();
    await card.getByText('已加入').first().waitFor();

    await s.goto(`${BASE_URL}/cdkey/mycdkey`);
    await s.getByTestId('cdkey-mine').getByText(code).waitFor();

    // My practice sets -> the set's detail -> start.
    await s.goto(`${BASE_URL}/trainingcamp/mytrain`);
    const row = s.getByTestId('mytrain-table').locator('.ant-table-row', { hasText: LOCKED_SET });
    await row.getByText('已答 0 / 4，答对 0').waitFor();
    await row.getByRole('link', { name: LOCKED_SET }).click();
    await s.waitForURL((url) => url.pathname === '/trainingcamp/trainDetail');
    await s.getByTestId('train-detail-pool').getByText('4', { exact: true }).waitFor();
    await s.getByTestId('train-detail-start').click();
    await s.getByRole('dialog').getByTestId('practice-start-ok').click();
    await s.waitForURL((url) => url.pathname === '/course/interactExam');

    // Two wrong on purpose: the first question of each category; the others right.
    const keys = await answerKeys(s, h, sessionIdOf(s));
    assert.equal(keys.length, 4);
    const categories = [...new Set(keys.map((k) => k.category))].sort();
    assert.deepEqual(categories, ['图像标注', '文本标注']);
    const wrongIds = new Set(categories.map((c) => keys.find((k) => k.category === c)!.id));
    for (const [index, key] of keys.entries()) {
      const wrong = wrongIds.has(key.id);
      await answer(s, index, wrong ? key.wrong : key.right, wrong ? '回答错误' : '回答正确');
    }
    await s.getByTestId('practice-finish').click();
    await s.waitForURL((url) => url.pathname === '/trainingcamp/train-result');
    await s.getByTestId('practice-score').getByText('50').waitFor();

    // The wrong book holds both, one per category; N consecutive right answers take one out.
    await s.goto(`${BASE_URL}/trainingcamp/mywrong`);
    const bookCategories = s.getByTestId('practice-wrong-categories');
    await bookCategories.getByText('全部分类 (2)').waitFor();
    await bookCategories.getByText('图像标注 (1)').waitFor();
    await bookCategories.getByText('文本标注 (1)').waitFor();
    const rule = await s.getByText(/连续答对 \d+ 次后题目移出错题本/).innerText();
    const n = Number(/连续答对 (\d+) 次/.exec(rule)![1]);
    assert.ok(n >= 1, 'the organisation takes questions out of the wrong book');
    for (let round = 1; round <= n; round++) {
      await s.goto(`${BASE_URL}/trainingcamp/mywrong`);
      // Only that category's question: the session holds just it.
      await bookCategories.getByText('图像标注 (1)').click();
      await s.getByTestId('practice-wrong-start').click();
      await s.waitForURL((url) => url.pathname === '/course/interactExam');
      const [key, ...others] = await answerKeys(s, h, sessionIdOf(s));
      assert.equal(key!.category, '图像标注');
      assert.equal(others.length, 0);
      await answer(s, 0, key!.right, '回答正确');
      await s.getByTestId('practice-finish').click();
      await s.waitForURL((url) => url.pathname === '/trainingcamp/train-result');
    }
    await s.goto(`${BASE_URL}/trainingcamp/mywrong`);
    await bookCategories.getByText('全部分类 (1)').waitFor();
    await bookCategories.getByText('文本标注 (1)').waitFor();
    assert.equal(await bookCategories.getByText(/图像标注/).count(), 0);

    // Both categories in the portrait: 图像标注 answered 2 + n (1 + n right), 文本标注 2 (1 right).
    await s.goto(`${BASE_URL}/trainingcamp/category-portrait`);
    const portrait = s.getByTestId('practice-portrait-categories');
    const image = portrait.locator('.ant-table-row', { hasText: '图像标注' });
    const text = portrait.locator('.ant-table-row', { hasText: '文本标注' });
    await image.waitFor();
    const cells = async (r: typeof image) => (await r.locator('td').allInnerTexts()).map((c) => c.trim());
    assert.deepEqual(await cells(image), [
      '图像标注',
      String(2 + n),
      String(1 + n),
      `${Math.round(((1 + n) / (2 + n)) * 100)}%`,
    ]);
    assert.deepEqual(await cells(text), ['文本标注', '2', '1', '50%']);
    await s.getByTestId('practice-portrait-chart').locator('canvas').waitFor();

    // The home shows the same figures: one question left in the wrong book, the last score first.
    await s.goto(`${BASE_URL}/home_student`);
    await s.getByTestId('home-stat-wrong').getByText('1', { exact: true }).waitFor();
    await s.getByTestId('home-stat-sets').getByText('1', { exact: true }).waitFor();
    await s.getByTestId('home-wrong-categories').getByText('文本标注 · 1').waitFor();
    await s.getByTestId('home-next').getByText(LOCKED_SET).waitFor();
    // 3 of the 4 answered right at least once: the 文本标注 one still waits in the wrong book.
    await s.getByTestId('home-next').getByText('已答 4 / 4，答对 3').waitFor();
    // The last 5 sessions: the n wrong-book ones (100 each), then the set's (50) while n < 5.
    const recent = s.getByTestId('home-recent-practice');
    await recent.getByText('100 分').first().waitFor();
    assert.equal(await recent.getByText('错题练习').count(), Math.min(n, 5));
    if (n < 5) {
      await recent.getByText(LOCKED_SET).waitFor();
      await recent.getByText('50 分').waitFor();
    }
    await screenshot(s, 'learner-home-zh-CN');
    // Each figure opens its page; certificates are also in the user menu.
    await s.getByTestId('home-stat-wrong').click();
    await s.waitForURL(/\/trainingcamp\/mywrong/);
    await s.goto(`${BASE_URL}/home_student`);
    await s.getByTestId('home-stat-certs').click();
    await s.waitForURL(/\/myinfo\/certs/);
    await s.goto(`${BASE_URL}/home_student`);
    await s.getByTestId('user-menu').click();
    await s.getByRole('menuitem', { name: '我的证书' }).click();
    await s.waitForURL(/\/myinfo\/certs/);
  });
});
