import assert from 'node:assert/strict';
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { simplePdf } from '../../apps/server/src/platform/simple-pdf.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, CALL_HEADERS, call, chooseOption, screenshot } from '../support.ts';

const PRACTICE_SET = '质量与安全入门练习';
/** A 3-second VP8 video (the demo projects' sample), played by browsers as it is. */
const SAMPLE_VIDEO = new URL('../../apps/server/src/modules/demo-projects/media/sample-video.webm', import.meta.url);

/**
 * Uploads files on the teaching-source page through its upload drawer and waits until every one is in the library
 * and ready (a video is probed in the background first).
 */
async function uploadSources(page: Page, paths: string[], titles: string[]) {
  await page.goto(`${BASE_URL}/teaching-source`);
  await page.getByTestId('source-upload-open-drawer').click();
  await page.getByTestId('source-upload-drawer').locator('input[type="file"]').setInputFiles(paths);
  await page
    .locator('[data-testid="source-upload-item"][data-state="done"]')
    .nth(paths.length - 1)
    .waitFor();
  await screenshot(page, 'teaching-source-upload');
  await page.keyboard.press('Escape');
  for (const title of titles) await page.getByTestId('source-table').getByText(title, { exact: true }).waitFor();
  for (let tries = 0; ; tries++) {
    const { list } = await call<{ list: { title: string; status: string }[] }>(page, '/dataset-source/list', {
      pageSize: 50,
    });
    if (titles.every((title) => list.some((s) => s.title === title && s.status === 'ready'))) return;
    assert.ok(tries < 60, `the library's files are not ready: ${JSON.stringify(list)}`);
    await page.waitForTimeout(500);
  }
}

/** Scrolls the reader's panel to its end until the task counts as done (pages are drawn as they come near). */
async function readToTheEnd(page: Page) {
  const done = page.locator('[data-testid="material-done"][data-done="true"]');
  for (let tries = 0; !(await done.isVisible()); tries++) {
    assert.ok(tries < 40, 'the document never counted as read');
    await page.getByTestId('pdf-pages').evaluate((element) => {
      let box = element.parentElement;
      while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
      box?.scrollTo(0, box.scrollHeight);
    });
    await page.waitForTimeout(250);
  }
}

/** Opens the task `title` of the student's course home. */
async function openTask(page: Page, title: string) {
  await page
    .getByTestId('course-chapters')
    .locator('[data-testid^="course-task-"]', { hasText: title })
    .first()
    .click();
}
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

    // The teacher's library: a three-page document and a short video, uploaded on the teaching-source page.
    const folder = await mkdtemp(join(tmpdir(), 'course-e2e-'));
    const [docTitle, videoTitle] = [`讲义${suffix}`, `示范视频${suffix}`];
    const docPath = join(folder, `${docTitle}.pdf`);
    const videoPath = join(folder, `${videoTitle}.webm`);
    await writeFile(docPath, simplePdf(['Bounding boxes', 'Text entities', 'Checking your work']));
    await copyFile(SAMPLE_VIDEO, videoPath);
    await uploadSources(t, [docPath, videoPath], [docTitle, videoTitle]);

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
    await addTask(t, 0, 'material', '讲义', async () => {
      await t.getByTestId('task-material-source-type').click();
      await pick(t, 'teaching-source-picker', docTitle);
    });
    await addTask(t, 0, 'practice', '入门练习', () => pick(t, 'task-practice-set', PRACTICE_SET));
    await addTask(t, 1, 'exam', '基础测验', () => pick(t, 'task-exam', EXAM));
    await addTask(t, 1, 'material', '示范视频', async () => {
      await t.getByTestId('task-material-source-type').click();
      await pick(t, 'teaching-source-picker', videoTitle);
    });
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
    // The document: its pages drawn in the reader; reaching the last one reads it.
    await openTask(s, '讲义');
    await s.getByTestId('pdf-page-1').waitFor();
    await s.getByTestId('pdf-page-1').locator('.pdf-page-placeholder').waitFor({ state: 'detached' });
    await readToTheEnd(s);
    await screenshot(s, 'course-document-reader');
    await s.keyboard.press('Escape');

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
    // Week 1 is open; week 2 opens on a click (clicked again only when the first click found it still settling).
    const videoTask = s
      .getByTestId('course-chapters')
      .locator('[data-testid^="course-task-"]', { hasText: '示范视频' })
      .first();
    for (let tries = 0; !(await videoTask.isVisible()); tries++) {
      assert.ok(tries < 5, 'week 2 never opened');
      await s.getByTestId('course-chapters').getByText('第 2 周').click();
      await videoTask.waitFor({ timeout: 3000 }).catch(() => undefined);
    }
    // The video: played to its end (90 % watched completes it).
    await openTask(s, '示范视频');
    await s.getByTestId('tracked-video').waitFor();
    await s
      .locator('[data-testid="tracked-video"] video, video[data-testid="tracked-video"]')
      .first()
      .evaluate((v) => {
        const video = v as HTMLVideoElement;
        video.muted = true;
        return video.play();
      });
    await s.locator('[data-testid="material-done"][data-done="true"]').waitFor({ timeout: 20_000 });
    await screenshot(s, 'course-video-player');
    await s.keyboard.press('Escape');
    // Every task done: the chapters fold (nothing left to open) and their headers count them.
    await s.getByTestId('course-chapters').getByText('已完成 3 / 3').waitFor();
    await s.getByTestId('course-chapters').getByText('已完成 2 / 2').waitFor();
    const after = await call<{ chapters: { tasks: { title: string; state: string }[] }[] }>(s, '/dataset-course/home', {
      id: courseId,
    });
    assert.deepEqual(
      after.chapters.flatMap((chapter) => chapter.tasks.map((task) => [task.title, task.state])),
      ['标注规范', '讲义', '入门练习', '基础测验', '示范视频'].map((title) => [title, 'done']),
    );
    await screenshot(s, 'course-home-done');

    // The teacher's matrix shows the student's three tasks done, and the export holds the row.
    await t.goto(`${BASE_URL}/trainingcamp/trainstat?course_id=${courseId}`);
    const row = t.locator('[data-testid^="matrix-row-"]', { hasText: studentName });
    await row.waitFor();
    assert.deepEqual(
      await row
        .locator('[data-testid^="matrix-cell-"]')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state'))),
      ['done', 'done', 'done', 'done', 'done'],
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
      [[studentName, 5, 100]],
    );
  });

  it('a teacher builds a course exam from the task drawer; it joins the chapter, previews, and a student starts it', async () => {
    const suffix = uniqueSuffix();
    const [teacherName, studentName] = [`cxteach${suffix}`, `cxstu${suffix}`];
    const examName = `课程考试${suffix}`;
    const t = browsers.teacher.page;
    const s = browsers.student.page;
    await loginAsNewUser(t, [
      { username: teacherName, roles: ['role_teacher'] },
      { username: studentName, roles: ['role_student'] },
    ]);
    const klass = await call<{ id: number; join_code: string; name: string }>(t, '/group/create', {
      kind: 'class',
      name: `考试班${suffix}`,
    });
    await loginAs(s, studentName);
    await call(s, '/group/join-by-code', { code: klass.join_code });

    // A course that started yesterday (its week 1 runs from yesterday), with one week and, at first, no class.
    const yesterday = new Date(Date.now() - 24 * 3600_000).toLocaleDateString('sv-SE'); // YYYY-MM-DD, local
    const course = await call<{ id: number }>(t, '/dataset-course/create', {
      name: `课${suffix}`,
      starts_on: yesterday,
    });
    const withWeek = await call<{ chapters: { id: number }[] }>(t, '/dataset-course/chapter-add-weeks', {
      course_id: course.id,
      count: 1,
      title_pattern: '第 {n} 周',
    });
    const chapterId = withWeek.chapters[0]!.id;

    // The drawer's exam task offers a new exam for the course; without a class the page sends to the team tab.
    await t.goto(`${BASE_URL}/teacher/course/detail/chapters?id=${course.id}`);
    await t.getByTestId(`task-add-${chapterId}`).click();
    await t.getByTestId('task-kind-exam').click();
    await t.getByTestId('task-exam').waitFor();
    await t.getByTestId('task-exam-build').click();
    await t.waitForURL(new RegExp(`/course/task/exam\\?course_id=${course.id}&chapter_id=${chapterId}$`));
    await t.getByTestId('course-exam-no-classes').waitFor();
    await call(t, '/dataset-course/classes-set', { id: course.id, group_ids: [klass.id] });
    await t.reload();

    // The wizard in course mode: no paper mode choice, two questions of the demo bank, the class as the audience.
    await t.getByTestId('exam-name').fill(examName);
    await t.getByTestId('exam-wizard-next').click();
    assert.equal(await t.getByTestId('exam-paper-mode').isVisible(), false, "the paper mode is the page's");
    const questions = t.getByTestId('exam-questions');
    await questions.click();
    const inputId = await questions.locator('input').first().getAttribute('id');
    const options = t.locator(`.ant-select-dropdown:has([id="${inputId}_list"]) .ant-select-item-option`);
    await options.nth(1).waitFor();
    await options.nth(0).click();
    await options.nth(1).click();
    await questions.locator('.ant-select-selection-item').nth(1).waitFor();
    await t.keyboard.press('Escape');
    await t.getByTestId('course-exam-chapter').click();
    await t.locator(`.ant-select-dropdown:has([id="${inputId}_list"])`).waitFor({ state: 'hidden' });
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('course-exam-audience').getByText(klass.name, { exact: false }).waitFor();
    await t.getByTestId('course-exam-window').waitFor();
    await screenshot(t, 'course-exam-wizard-config');
    for (const [testId, value] of Object.entries({ 'exam-total-score': '10', 'exam-pass-score': '6' })) {
      const field = t.getByTestId(testId);
      await ((await field.evaluate((e) => e.tagName)) === 'INPUT' ? field : field.locator('input')).fill(value);
    }
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('exam-summary').getByText('6 / 10').waitFor();
    assert.equal(await t.getByTestId('exam-save-draft').count(), 0, 'course mode publishes only');
    await screenshot(t, 'course-exam-wizard-summary');
    await t.getByTestId('exam-publish').click();

    // Back on the chapters tab with the task; its preview shows the two questions without answers.
    await t.waitForURL(new RegExp(`/teacher/course/detail/chapters\\?id=${course.id}$`));
    await t.locator('.ant-message-notice', { hasText: '考试已发布' }).first().waitFor();
    const row = t.locator('[data-testid^="task-row-"]', { hasText: examName });
    await row.waitFor();
    const detail = await call<{ chapters: { tasks: { kind: string; title: string; exam_id: number }[] }[] }>(
      t,
      '/dataset-course/detail',
      { id: course.id },
    );
    const task = detail.chapters[0]!.tasks[0]!;
    assert.deepEqual([task.kind, task.title], ['exam', examName]);
    const exam = await call<{ questions: { stem_text: string }[]; audience: { mode: string } }>(
      t,
      '/dataset-examine/detail',
      { id: task.exam_id },
    );
    assert.deepEqual([exam.audience.mode, exam.questions.length], ['chosen', 2]);
    await row.locator('[data-testid^="task-preview-"]').click();
    await t.waitForURL(/\/course\/task\/exam\/preview\?exam_id=\d+&course_id=\d+$/);
    const preview = t.getByTestId('exam-preview');
    await preview.getByTestId('exam-preview-name').getByText(examName).waitFor();
    for (const [index, question] of exam.questions.entries()) {
      const shown = preview.getByTestId(`exam-preview-question-${index}`);
      await shown.waitFor();
      assert.ok(
        (await shown.innerText()).replace(/\s+/g, '').includes(question.stem_text.replace(/\s+/g, '').slice(0, 8)),
        `question ${index + 1} shows its stem`,
      );
    }
    assert.equal(await preview.locator('[data-testid^="exam-preview-question-"]').count(), 2);
    await screenshot(t, 'course-exam-preview');
    await t.getByTestId('exam-preview-back').click();
    await t.waitForURL(new RegExp(`/teacher/course/detail/chapters\\?id=${course.id}$`));
    // Its paper analysis is the exam module's page, opened from the same row.
    await row.locator('[data-testid^="task-analysis-"]').click();
    await t.waitForURL((url) => url.pathname === '/course/analysis/paperAnalysis');
    await t.locator('.ant-card-head-title:visible', { hasText: examName }).first().waitFor();
    await t.goBack();

    // A student of the class may start it at once (the window opened with the chapter, yesterday).
    const started = await call<{ attempt_id: number }>(s, '/dataset-examine/start', { exam_id: task.exam_id });
    assert.ok(started.attempt_id > 0);
  });
});
