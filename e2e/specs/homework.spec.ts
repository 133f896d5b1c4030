import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pngImage } from '../../apps/server/src/testing/media-samples.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsers } from '../suite.ts';
import { BASE_URL, call, screenshot } from '../support.ts';

describe('homework', () => {
  const browsers = useBrowsers('homework', 'teacher', 'student');

  it('a teacher sets homework with blanks and an essay; two students hand it in; the essays are marked by keyboard; the students see marks and comments', async () => {
    const suffix = uniqueSuffix();
    const [teacherName, firstName, secondName] = [`hwteach${suffix}`, `hwstu${suffix}`, `hwsec${suffix}`];
    const t = browsers.teacher.page;
    const s = browsers.student.page;
    await loginAsNewUser(t, [
      { username: teacherName, roles: ['role_teacher'] },
      { username: firstName, roles: ['role_student'], nickname: `甲${suffix}` },
      { username: secondName, roles: ['role_student'], nickname: `乙${suffix}` },
    ]);
    const klass = await call<{ id: number; join_code: string }>(t, '/group/create', {
      kind: 'class',
      name: `作业班${suffix}`,
    });

    // Two questions written and passed by the demo content manager (the organisation reviews questions).
    await loginAs(s, 'contentmgr');
    const tree = await call<{ list: { id: number; review_status: string }[] }>(s, '/dataset-category/tree', {});
    const categoryId = tree.list.find((c) => c.review_status === 'passed')!.id;
    const blank = await call<{ question: { id: number } }>(s, '/dataset-data/create', {
      category_id: categoryId,
      type: 'blank',
      stem: `<p>作业${suffix}：法国的首都是 ____。</p>`,
      spec: { blanks: [{ accepted: ['巴黎', 'Paris'] }] },
    });
    const essay = await call<{ question: { id: number } }>(s, '/dataset-data/create', {
      category_id: categoryId,
      type: 'essay',
      stem: `<p>作业${suffix}：说明城市为何沿河而建，可附图。</p>`,
      spec: { word_limit: 300, file_answers: true },
    });
    await call(s, '/dataset-data/verify', { ids: [blank.question.id, essay.question.id], status: 'passed' });
    for (const name of [firstName, secondName]) {
      await loginAs(s, name);
      await call(s, '/group/join-by-code', { code: klass.join_code });
    }

    // A course of one week (it began yesterday) for the class.
    const yesterday = new Date(Date.now() - 24 * 3600_000).toLocaleDateString('sv-SE');
    const course = await call<{ id: number }>(t, '/dataset-course/create', {
      name: `作业课${suffix}`,
      starts_on: yesterday,
    });
    const week = await call<{ chapters: { id: number }[] }>(t, '/dataset-course/chapter-add-weeks', {
      course_id: course.id,
      count: 1,
      title_pattern: '第 {n} 周',
    });
    const chapterId = week.chapters[0]!.id;
    await call(t, '/dataset-course/classes-set', { id: course.id, group_ids: [klass.id] });

    // The teacher builds the homework from the task drawer: the exam wizard in course mode, homework fields.
    await t.goto(`${BASE_URL}/teacher/course/detail/chapters?id=${course.id}`);
    await t.getByTestId(`task-add-${chapterId}`).click();
    await t.getByTestId('task-kind-homework').click();
    await t.getByTestId('task-exam-build').click();
    await t.waitForURL(/\/course\/task\/exam\?.*kind=homework/);
    const homeworkName = `第一周作业${suffix}`;
    await t.getByTestId('exam-name').fill(homeworkName);
    await t.getByTestId('exam-wizard-next').click();
    const questions = t.getByTestId('exam-questions');
    await questions.click();
    await questions.locator('input').first().fill(suffix);
    const inputId = await questions.locator('input').first().getAttribute('id');
    const options = t.locator(`.ant-select-dropdown:has([id="${inputId}_list"]) .ant-select-item-option`, {
      hasText: suffix,
    });
    await options.nth(1).waitFor();
    for (const text of ['首都', '沿河']) await options.filter({ hasText: text }).first().click();
    await questions.locator('.ant-select-selection-item').nth(1).waitFor();
    await t.keyboard.press('Escape');
    await t.getByTestId('course-exam-chapter').click();
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('homework-due-at').waitFor();
    assert.equal(await t.getByTestId('exam-duration').count(), 0, 'homework is timed by its window');
    for (const [testId, value] of Object.entries({ 'exam-total-score': '10', 'exam-pass-score': '6' })) {
      const field = t.getByTestId(testId);
      await ((await field.evaluate((e) => e.tagName)) === 'INPUT' ? field : field.locator('input')).fill(value);
    }
    await screenshot(t, 'homework-wizard-config');
    await t.getByTestId('exam-wizard-next').click();
    await t.getByTestId('exam-summary').getByText('6 / 10').waitFor();
    await t.getByTestId('exam-publish').click();
    await t.waitForURL(new RegExp(`/teacher/course/detail/chapters\\?id=${course.id}$`));
    await t.locator('[data-testid^="task-row-"]', { hasText: homeworkName }).waitFor();
    const detail = await call<{ chapters: { tasks: { kind: string; exam_id: number }[] }[] }>(
      t,
      '/dataset-course/detail',
      { id: course.id },
    );
    const task = detail.chapters[0]!.tasks[0]!;
    assert.equal(task.kind, 'homework');
    const examId = task.exam_id;
    await call(t, '/dataset-course/online', { id: course.id });

    // The first student opens it from the course home, fills the blank, writes the essay and adds a drawing.
    await loginAs(s, firstName);
    await s.goto(`${BASE_URL}/course/student-list`);
    await s.getByTestId(`my-course-card-${course.id}`).click();
    await s
      .getByTestId('course-chapters')
      .locator('[data-testid^="course-task-"]', { hasText: homeworkName })
      .first()
      .click();
    await s.getByTestId('pre-exam').waitFor();
    if (await s.getByTestId('pre-exam-join').isVisible()) await s.getByTestId('pre-exam-join').click();
    await s.getByTestId('pre-exam-start').click();
    await s.getByTestId('exam-answering').waitFor();
    const attemptId = Number(new URL(s.url()).searchParams.get('attempt'));
    await s.getByTestId('exam-blank-0').fill('巴黎');
    await s.getByTestId('exam-next').click();
    await s.getByTestId('exam-essay').fill('城市沿河而建：取水、运输与贸易都依靠河流。');
    const folder = await mkdtemp(join(tmpdir(), 'homework-e2e-'));
    const drawing = join(folder, 'drawing.png');
    await writeFile(drawing, pngImage(32, 32, 7));
    await s.getByTestId('exam-answer-file-input').setInputFiles(drawing);
    await s.getByTestId('exam-answer-file').getByText('drawing.png').waitFor();
    await s.getByTestId('exam-save-state').getByText('已保存').waitFor();
    await screenshot(s, 'homework-essay-with-file');
    await s.getByTestId('exam-submit').click();
    await s.locator('.ant-modal-confirm .ant-btn-primary').click();
    await s.getByTestId('exam-result-being-graded').waitFor();

    // The second student hands it in too (through the API): a wrong blank and a short essay.
    await loginAs(s, secondName);
    const second = await call<{ attempt_id: number }>(s, '/dataset-examine/start', { exam_id: examId });
    await call(s, '/dataset-examine/answer', {
      attempt_id: second.attempt_id,
      question_id: blank.question.id,
      response: { texts: ['伦敦'] },
      client_seq: 1,
    });
    await call(s, '/dataset-examine/answer', {
      attempt_id: second.attempt_id,
      question_id: essay.question.id,
      response: { text: '因为河边风景好。' },
      client_seq: 2,
    });
    await call(s, '/dataset-examine/submit', { attempt_id: second.attempt_id });

    // The teacher marks the essays by question with the keyboard: a digit for the points, then save and next.
    await t.goto(`${BASE_URL}/trainingcamp/teacher/exam-detail/marking/${examId}`);
    await t.getByTestId('marking-current').waitFor();
    await t.getByTestId('marking-candidate').getByText(`甲${suffix}`).waitFor();
    await t.getByTestId('marking-answer-files').getByText('drawing.png').waitFor();
    await screenshot(t, 'homework-marking');
    await t.getByTestId('marking-candidate').click();
    await t.keyboard.press('4');
    await t.getByTestId('marking-comment').fill('论点清楚，图示很好。');
    await t.keyboard.press('Control+Enter');
    await t.getByTestId('marking-candidate').getByText(`乙${suffix}`).waitFor();
    await t.getByTestId('marking-candidate').click();
    await t.keyboard.press('1');
    await t.keyboard.press('Enter');
    const overview = await waitForMarked(t, examId, 2);
    assert.equal(overview.being_graded, 0);

    // Each student sees the score, the points of the essay and the comment.
    await s.goto(`${BASE_URL}/examine/trainingcamp/exam-detail/result/${second.attempt_id}`);
    await s.getByTestId('exam-result').waitFor();
    await s.getByTestId('exam-result-score').getByText('1', { exact: false }).waitFor();
    await loginAs(s, firstName);
    await s.goto(`${BASE_URL}/examine/trainingcamp/exam-detail/result/${attemptId}`);
    await s.getByTestId('exam-result-comment').getByText('论点清楚，图示很好。').waitFor();
    const result = await call<{ score: number; passed: boolean; questions: { earned: number | null }[] }>(
      s,
      '/dataset-examine/result',
      { attempt_id: attemptId },
    );
    // 5 points each: the blank right (5) and the essay marked 4.
    assert.deepEqual([result.score, result.passed, result.questions.map((q) => q.earned)], [9, true, [5, 4]]);
    await screenshot(s, 'homework-result');
  });
});

/** The marking overview once `count` essays are marked (the last save may still be on its way). */
async function waitForMarked(page: Parameters<typeof call>[0], examId: number, count: number) {
  for (let tries = 0; ; tries++) {
    const overview = await call<{ being_graded: number; questions: { marked_count: number }[] }>(
      page,
      '/dataset-examine/marking-overview',
      { exam_id: examId },
    );
    if (overview.questions[0]?.marked_count === count) return overview;
    assert.ok(tries < 40, `marked: ${JSON.stringify(overview)}`);
    await page.waitForTimeout(250);
  }
}
