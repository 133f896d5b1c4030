import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPage } from '../phone-checks.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsersWith } from '../suite.ts';
import { BASE_URL, call, screenshot } from '../support.ts';

describe('interactive answering', () => {
  const browsers = useBrowsersWith('interactions', { teacher: {}, desk: {}, hand: { phone: true } });

  it('a teacher sends a question live; two students (one on a phone) see it without reloading and answer; the split, the reveal and the record follow', async () => {
    const suffix = uniqueSuffix();
    const [teacherName, firstName, secondName] = [`itteach${suffix}`, `itdesk${suffix}`, `ithand${suffix}`];
    const t = browsers.teacher.page;
    const desk = browsers.desk.page;
    const hand = browsers.hand.page;
    await loginAsNewUser(t, [
      { username: teacherName, roles: ['role_teacher'] },
      { username: firstName, roles: ['role_student'], nickname: `甲${suffix}` },
      { username: secondName, roles: ['role_student'], nickname: `乙${suffix}` },
    ]);
    const klass = await call<{ id: number; join_code: string }>(t, '/group/create', {
      kind: 'class',
      name: `互动班${suffix}`,
    });

    // A single choice question written and passed by the demo content manager.
    await loginAs(desk, 'contentmgr');
    const tree = await call<{ list: { id: number; review_status: string }[] }>(desk, '/dataset-category/tree', {});
    const categoryId = tree.list.find((c) => c.review_status === 'passed')!.id;
    const question = await call<{ question: { id: number } }>(desk, '/dataset-data/create', {
      category_id: categoryId,
      type: 'single',
      stem: `<p>互动${suffix}：哪座城市是法国的首都？</p>`,
      options: [
        { content: '巴黎', correct: true },
        { content: '罗马', correct: false },
        { content: '柏林', correct: false },
      ],
    });
    await call(desk, '/dataset-data/verify', { ids: [question.question.id], status: 'passed' });
    await loginAs(desk, firstName);
    await call(desk, '/group/join-by-code', { code: klass.join_code });
    await loginAs(hand, secondName);
    await call(hand, '/group/join-by-code', { code: klass.join_code });

    // An online course for the class with one interaction of that question.
    const course = await call<{ id: number }>(t, '/dataset-course/create', {
      name: `互动课${suffix}`,
      starts_on: null,
    });
    const week = await call<{ chapters: { id: number }[] }>(t, '/dataset-course/chapter-add-weeks', {
      course_id: course.id,
      count: 1,
      title_pattern: '第 {n} 周',
    });
    await call(t, '/dataset-course/classes-set', { id: course.id, group_ids: [klass.id] });
    await call(t, '/dataset-course/task-save', {
      chapter_id: week.chapters[0]!.id,
      kind: 'material',
      title: '课前阅读',
      material: { type: 'link', url: 'https://example.com/read' },
    });
    await call(t, '/dataset-course/online', { id: course.id });
    const interaction = await call<{ id: number }>(t, '/course-interact/create', {
      course_id: course.id,
      title: `课堂抢答${suffix}`,
      items: [{ question_id: question.question.id, seconds: 0, points: 100 }],
      settings: { anonymous: false, show_answer: true, leaderboard: true, speed_points: false, allow_change: false },
    });

    // The teacher starts it from the course's tab for the class.
    await t.goto(`${BASE_URL}/teacher/course/detail/interact?id=${course.id}`);
    await t.getByTestId(`interaction-start-${interaction.id}`).click();
    await t.getByTestId('interaction-start-ok').click();
    await t.waitForURL(/\/teacher\/course\/interactExam\?run_id=\d+/);
    const runId = Number(new URL(t.url()).searchParams.get('run_id'));

    // Both students open the session and wait; the question reaches them without a reload.
    for (const page of [desk, hand]) {
      await page.goto(`${BASE_URL}/course/interactExam?run_id=${runId}`);
      await page.getByTestId('interact-waiting').waitFor();
    }
    await t.getByTestId('interact-send-next').click();
    for (const page of [desk, hand]) {
      await page.getByTestId('interact-stem').getByText(`互动${suffix}`).waitFor({ timeout: 15_000 });
    }
    // On the phone the question fits the screen and the send button is reachable.
    await checkPage(hand, 'interact-question', hand.getByTestId('interact-submit'));
    await desk.getByTestId('interact-option-0').click();
    await desk.getByTestId('interact-submit').click();
    await desk.getByTestId('interact-sent').waitFor();
    await hand.getByTestId('interact-option-1').click();
    await hand.getByTestId('interact-submit').click();
    await hand.getByTestId('interact-sent').waitFor();
    await screenshot(hand, 'interactions-phone-answered');

    // The teacher's counts and split follow the answers as they arrive.
    // (The count comes with the push, the split with the live view read just after it.)
    await t.getByTestId('interact-answered').getByText('2').waitFor({ timeout: 15_000 });
    for (const [index, text] of ['A: 1', 'B: 1', 'C: 0'].entries()) {
      await t.getByTestId(`interact-split-${index}`).filter({ hasText: text }).waitFor({ timeout: 10_000 });
    }

    // The answer is revealed on the students' screens.
    await t.getByTestId('interact-reveal').click();
    await desk.getByTestId('interact-outcome').getByText('答对了').waitFor({ timeout: 15_000 });
    await hand.getByTestId('interact-outcome').getByText('没答对').waitFor({ timeout: 15_000 });
    assert.match((await hand.getByTestId('interact-option-0').getAttribute('class')) ?? '', /is-right/);
    await screenshot(hand, 'interactions-phone-revealed');

    // The projector view shows the code to join by.
    await t.getByTestId('interact-projector').click();
    await t.getByTestId('interact-join-qr').waitFor();
    await screenshot(t, 'interactions-projector');
    await t.getByTestId('interact-projector').click();
    await t.getByTestId('interact-join-qr').waitFor({ state: 'detached' });

    // Ended, it is in the course's records with both students.
    await t.getByTestId('interact-end').click();
    await t.locator('.ant-popconfirm .ant-btn-primary').click();
    await desk.getByTestId('interact-ended').waitFor({ timeout: 15_000 });
    await t.goto(`${BASE_URL}/course/interact/record?course_id=${course.id}`);
    await t.getByTestId('interact-records').getByText(`课堂抢答${suffix}`).waitFor();
    await t.getByTestId('interact-records').getByText('2 / 2').waitFor();
    await t.goto(`${BASE_URL}/course/interact/detail?run_id=${runId}`);
    await t.getByTestId('interact-run-detail').getByText(firstName).waitFor();
    await t.getByTestId('interact-run-detail').getByText(secondName).waitFor();
  });
});
