import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, CALL_HEADERS, call, chooseOption, screenshot } from '../support.ts';

const PRACTICE_SET = '质量与安全入门练习';
const EXAM = '数据标注基础测验';

/** Adds a task of `kind` to the chapter at `chapterIndex` through the task drawer; `source` fills its source. */
async function addTask(page: Page, chapterIndex: number, kind: string, title: string, source: () => Promise<void>) {
  await page.locator('[data-testid^="task-add-"]').nth(chapterIndex).click();
  await page.getByTestId(`task-kind-${kind}`).click();
  await page.getByTestId('task-title').fill(title);
  await source();
  await page.getByTestId('task-save').click();
  await page
    .locator('[data-testid^="task-row-"]', { hasText: title })
    .waitFor()
    .catch(async (error: Error) => {
      // What the drawer said instead: its field errors and any message shown.
      const said = await page.locator('.ant-form-item-explain-error, .ant-message-notice').allInnerTexts();
      throw new Error(`${title} was not added: ${JSON.stringify(said)} (${error.message.split('\n')[0]})`);
    });
}

/**
 * Picks `text` in the select `testId` and waits until the select shows it; picks again when it does not (the option
 * list is rebuilt when its second query answers, which can swallow a pick made in between).
 */
async function pick(page: Page, testId: string, text: string) {
  // The select shows the chosen label inside itself (its option list lives elsewhere, in a portal).
  const chosen = page.getByTestId(testId).getByText(text, { exact: true });
  for (let attempt = 1; ; attempt++) {
    await chooseOption(page, testId, text);
    try {
      await chosen.waitFor({ timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Answers OK in the open confirmation and waits until it is gone; clicks once more when the first click did not
 * close it (a click landing while the dialog still zooms in is lost).
 */
async function confirmOk(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByTestId('course-confirm-ok').click();
  try {
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
  } catch {
    await dialog.getByTestId('course-confirm-ok').click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** The state a task shows on the student's course home. */
async function stateOf(page: Page, title: string): Promise<string | null> {
  const row = page
    .getByTestId('course-chapters')
    .locator('[data-testid^="course-task-"][data-state]', { hasText: title });
  return row.first().getAttribute('data-state');
}

describe('courses', () => {
  const browsers = useBrowsers('courses', 'teacher', 'student');

  it('a teacher builds a course for a class and puts it online; the student works through it; the matrix shows it', async () => {
    const suffix = uniqueSuffix();
    const [teacherName, studentName] = [`coteach${suffix}`, `costu${suffix}`];
    const courseName = `端到端课程${suffix}`;
    const t = browsers.teacher.page;
    const s = browsers.student.page;
    await loginAsNewUser(t, [
      { username: teacherName, roles: ['role_teacher'] },
      { username: studentName, roles: ['role_student'], nickname: `学生${suffix}` },
    ]);
    const klass = await call<{ join_code: string; name: string }>(t, '/group/create', {
      kind: 'class',
      name: `课程班${suffix}`,
    });
    await loginAs(s, studentName);
    await call(s, '/group/join-by-code', { code: klass.join_code });

    // The teacher creates the course, adds two weeks and four tasks.
    await t.goto(`${BASE_URL}/course/teacher-list`);
    await t.getByTestId('course-create').click();
    await t.getByTestId('course-name').fill(courseName);
    await t.getByTestId('course-form-save').click();
    await t.getByTestId('chapter-add-weeks').click();
    const weeks = t.getByTestId('chapter-weeks-count');
    await ((await weeks.evaluate((e) => e.tagName)) === 'INPUT' ? weeks : weeks.locator('input')).fill('2');
    await t.getByTestId('chapter-weeks-save').click();
    await t.locator('[data-testid^="task-add-"]').nth(1).waitFor();
    await addTask(t, 0, 'material', '标注规范', async () => {
      await t.getByTestId('task-material-text-type').click();
      await t.locator('[data-testid="task-material-text"] .ProseMirror').click();
      await t.keyboard.type('矩形框的边缘贴合目标的可见边缘。');
    });
    await addTask(t, 0, 'practice', '入门练习', () => pick(t, 'task-practice-set', PRACTICE_SET));
    await addTask(t, 1, 'exam', '基础测验', () => pick(t, 'task-exam', EXAM));
    await screenshot(t, 'course-editor-chapters');

    // Online needs a class: refused first, then the class is set on the team tab and it goes online.
    const courseId = Number(new URL(t.url()).searchParams.get('id'));
    assert.ok(courseId > 0, `the editor's address names the course: ${t.url()}`);
    await t.getByTestId('course-editor').getByTestId(`course-online-${courseId}`).click();
    await confirmOk(t);
    await t.locator('.ant-message-notice', { hasText: '班级' }).first().waitFor();
    await t.getByTestId('course-tab-team').click();
    await chooseOption(t, 'course-classes', klass.name);
    await t.getByTestId('course-classes-save').click();
    await t.getByTestId('course-class-list').getByText(klass.name).waitFor();
    await t.getByTestId('course-editor').getByTestId(`course-online-${courseId}`).click();
    await confirmOk(t);
    await t.getByTestId('course-editor-status').getByText('已上线').waitFor();

    // The student finds it, reads the text to its end, then does the practice and the exam.
    await s.goto(`${BASE_URL}/course/student-list`);
    await s.getByTestId(`my-course-card-${courseId}`).click();
    await s.getByTestId('course-due-week').waitFor();
    assert.equal(await stateOf(s, '标注规范'), 'not_started');
    await s
      .getByTestId('course-chapters')
      .locator('[data-testid^="course-task-"]', { hasText: '标注规范' })
      .first()
      .click();
    await s.getByTestId('material-html').getByText('矩形框的边缘贴合目标的可见边缘。').waitFor();
    await s.locator('[data-testid="material-done"][data-done="true"]').waitFor();
    await screenshot(s, 'course-material-reader');
    await s.keyboard.press('Escape');
    await s.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="course-chapters"] [data-state]')];
      return rows.some((row) => row.textContent?.includes('标注规范') && row.getAttribute('data-state') === 'done');
    });

    const home = await call<{ chapters: { tasks: { title: string; practice_set_id: number; exam_id: number }[] }[] }>(
      s,
      '/dataset-course/home',
      { id: courseId },
    );
    const tasks = home.chapters.flatMap((chapter) => chapter.tasks);
    const setId = tasks.find((task) => task.title === '入门练习')!.practice_set_id;
    await call(s, '/trainingcamp/train-join', { set_id: setId });
    const practice = await call<{ id: number }>(s, '/trainingcamp/train-start', { set_id: setId, count: 4 });
    const session = await call<{ questions: { id: number }[] }>(s, '/trainingcamp/session', { id: practice.id });
    for (const question of session.questions) {
      await call(s, '/trainingcamp/answer', { session_id: practice.id, question_id: question.id, chosen: [0] });
    }
    await call(s, '/trainingcamp/finish', { id: practice.id });
    const examId = tasks.find((task) => task.title === '基础测验')!.exam_id;
    const started = await call<{ attempt_id: number }>(s, '/dataset-examine/start', { exam_id: examId });
    await call(s, '/dataset-examine/submit', { attempt_id: started.attempt_id });
    await s.reload();
    await s.getByTestId('course-chapters').waitFor();
    // Week 1 is open; week 2 opens on a click.
    await s.getByTestId('course-chapters').getByText('第 2 周').click();
    for (const title of ['标注规范', '入门练习', '基础测验']) assert.equal(await stateOf(s, title), 'done', title);
    await screenshot(s, 'course-home-done');

    // The teacher's matrix shows the student's three tasks done, and the export holds the row.
    await t.goto(`${BASE_URL}/trainingcamp/trainstat?course_id=${courseId}`);
    const row = t.locator('[data-testid^="matrix-row-"]', { hasText: studentName });
    await row.waitFor();
    assert.deepEqual(
      await row
        .locator('[data-testid^="matrix-cell-"]')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state'))),
      ['done', 'done', 'done'],
    );
    await screenshot(t, 'course-matrix');
    const exported = await t.request.post(`${BASE_URL}/api/dataset-course/matrix-export`, {
      data: { course_id: courseId },
      headers: CALL_HEADERS,
    });
    const file = (await exported.json()) as { data: { file_name: string; content_base64: string } };
    assert.match(file.data.file_name, new RegExp(`^course-${courseId}-progress-.*\\.xlsx$`));
    assert.equal(Buffer.from(file.data.content_base64, 'base64').subarray(0, 2).toString(), 'PK');
    const matrix = await call<{ list: { username: string; done_count: number; progress: number }[] }>(
      t,
      '/dataset-course/matrix',
      { course_id: courseId },
    );
    assert.deepEqual(
      matrix.list.map((r) => [r.username, r.done_count, r.progress]),
      [[studentName, 3, 100]],
    );
  });
});
