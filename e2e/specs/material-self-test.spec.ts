import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPage } from '../phone-checks.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsersWith } from '../suite.ts';
import { BASE_URL, call } from '../support.ts';

describe('material self-test', () => {
  const browsers = useBrowsersWith('material-self-test', { teacher: {}, hand: { phone: true } });

  it("a student on a phone takes a material's self-test, sees the verdicts and the key, and retakes it", async () => {
    const suffix = uniqueSuffix();
    const [teacherName, studentName] = [`stteach${suffix}`, `sthand${suffix}`];
    const t = browsers.teacher.page;
    const hand = browsers.hand.page;

    // Two single choice questions written and passed by the demo content manager.
    await loginAs(t, 'contentmgr');
    const tree = await call<{ list: { id: number; review_status: string }[] }>(t, '/dataset-category/tree', {});
    const categoryId = tree.list.find((c) => c.review_status === 'passed')!.id;
    const ids: number[] = [];
    for (const [stem, right, wrong] of [
      ['哪座城市是法国的首都？', '巴黎', '罗马'],
      ['矩形框应当怎样贴合目标？', '紧贴可见边缘', '四周留白'],
    ]) {
      const created = await call<{ question: { id: number } }>(t, '/dataset-data/create', {
        category_id: categoryId,
        type: 'single',
        stem: `<p>自测${suffix}：${stem}</p>`,
        options: [
          { content: right, correct: true },
          { content: wrong, correct: false },
        ],
        analysis: `<p>解析${suffix}</p>`,
      });
      ids.push(created.question.id);
    }
    await call(t, '/dataset-data/verify', { ids, status: 'passed' });

    // A course for a class with one reading that carries those two questions as its self-test.
    await loginAsNewUser(t, [
      { username: teacherName, roles: ['role_teacher'] },
      { username: studentName, roles: ['role_student'], nickname: `自测${suffix}` },
    ]);
    const klass = await call<{ id: number; join_code: string }>(t, '/group/create', {
      kind: 'class',
      name: `自测班${suffix}`,
    });
    const course = await call<{ id: number }>(t, '/dataset-course/create', {
      name: `自测课${suffix}`,
      starts_on: null,
    });
    const week = await call<{ chapters: { id: number }[] }>(t, '/dataset-course/chapter-add-weeks', {
      course_id: course.id,
      count: 1,
      title_pattern: '第 {n} 周',
    });
    await call(t, '/dataset-course/classes-set', { id: course.id, group_ids: [klass.id] });
    const task = await call<{ id: number }>(t, '/dataset-course/task-save', {
      chapter_id: week.chapters[0]!.id,
      kind: 'material',
      title: '课前阅读',
      material: { type: 'text', html: '<p>法国的首都是巴黎。矩形框紧贴目标的可见边缘。</p>' },
      self_test_question_ids: ids,
    });
    await call(t, '/dataset-course/online', { id: course.id });

    // The student, on a phone, opens the self-test from the course home.
    await loginAs(hand, studentName);
    await call(hand, '/group/join-by-code', { code: klass.join_code });
    await hand.goto(`${BASE_URL}/course/trainingcamp/trainDetail?id=${course.id}`);
    await hand.getByTestId(`course-task-self-test-${task.id}`).click();
    await hand.waitForURL(/\/trainingcamp\/material-self-exam\?task_id=\d+/);
    await hand.getByTestId(`self-test-question-${ids[0]}`).waitFor();
    await checkPage(hand, 'material-self-test');

    // One right, one wrong: 50, with each verdict and the key shown.
    await hand.getByTestId(`self-test-options-${ids[0]}`).getByText('巴黎').click();
    await hand.getByTestId(`self-test-options-${ids[1]}`).getByText('四周留白').click();
    await hand.getByTestId('self-test-submit').click();
    await hand.getByTestId('self-test-result').waitFor();
    assert.match(await hand.getByTestId('self-test-score').innerText(), /50/);
    await hand.getByTestId(`self-test-verdict-${ids[0]}`).getByText('正确').waitFor();
    await hand.getByTestId(`self-test-verdict-${ids[1]}`).getByText('错误').waitFor();
    await hand.getByText(`解析${suffix}`).first().waitFor();
    await checkPage(hand, 'material-self-test-result');

    // A retake starts empty; the course home shows the attempts and the best score.
    await hand.getByTestId('self-test-retake').click();
    await hand.getByTestId('self-test-submit').waitFor();
    await hand.goto(`${BASE_URL}/course/trainingcamp/trainDetail?id=${course.id}`);
    await hand.getByTestId('self-test-figures').waitFor();
    assert.match(await hand.getByTestId('self-test-figures').innerText(), /50/);
  });
});
