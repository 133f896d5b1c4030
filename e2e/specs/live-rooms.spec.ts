import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noJanus, waitForFrames } from '../live-media.ts';
import { checkPage } from '../phone-checks.ts';
import { loginAs, loginAsNewUser, uniqueSuffix, useBrowsersWith } from '../suite.ts';
import { BASE_URL, call, screenshot } from '../support.ts';

describe('live rooms', () => {
  const browsers = useBrowsersWith('live-rooms', { teacher: {}, desk: {}, hand: { phone: true } });

  it('a teacher goes live on camera; two students (one on a phone) receive the video, chat and raise a hand; the end reaches both; the recording plays', {
    skip: noJanus,
  }, async () => {
    const suffix = uniqueSuffix();
    const [teacherName, firstName, secondName] = [`lrteach${suffix}`, `lrdesk${suffix}`, `lrhand${suffix}`];
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
      name: `直播班${suffix}`,
    });
    await loginAs(hand, secondName);
    await call(hand, '/group/join-by-code', { code: klass.join_code });
    // A course of the class with an interaction of one question (written and passed by the demo content manager).
    await loginAs(desk, 'contentmgr');
    const tree = await call<{ list: { id: number; review_status: string }[] }>(desk, '/dataset-category/tree', {});
    const question = await call<{ question: { id: number } }>(desk, '/dataset-data/create', {
      category_id: tree.list.find((c) => c.review_status === 'passed')!.id,
      type: 'single',
      stem: `<p>直播${suffix}：1 + 1 = ?</p>`,
      options: [
        { content: '2', correct: true },
        { content: '3', correct: false },
      ],
    });
    await call(desk, '/dataset-data/verify', { ids: [question.question.id], status: 'passed' });
    await loginAs(desk, firstName);
    await call(desk, '/group/join-by-code', { code: klass.join_code });
    const course = await call<{ id: number }>(t, '/dataset-course/create', {
      name: `直播课程${suffix}`,
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
      title: `课堂小测${suffix}`,
      items: [{ question_id: question.question.id, seconds: 0, points: 100 }],
      settings: { anonymous: false, show_answer: true, leaderboard: true, speed_points: false, allow_change: false },
    });
    const room = await call<{ id: number; host: { id: number } }>(t, '/live-room/create', {
      title: `直播课${suffix}`,
      course_id: course.id,
      class_ids: [klass.id],
      starts_at: new Date().toISOString(),
      minutes: 30,
      record: true,
    });
    // The room is a task of the course's week: the course home leads to it, and later to its recording.
    const liveTask = await call<{ id: number }>(t, '/dataset-course/task-save', {
      chapter_id: week.chapters[0]!.id,
      kind: 'live',
      title: `直播任务${suffix}`,
      live_room_id: room.id,
    });

    // The student on a phone finds the room in their list (whole at 390 px) and enters it from there.
    await hand.goto(`${BASE_URL}/liveroom`);
    await checkPage(hand, 'live-rooms-list', hand.getByTestId(`live-card-enter-${room.id}`));
    await hand.getByTestId(`live-card-enter-${room.id}`).click();
    await hand.getByTestId('live-waiting').waitFor();
    // The students wait in the room; the teacher starts it (a host comes in with camera and microphone on).
    await desk.goto(`${BASE_URL}/liveroom-detail?id=${room.id}`);
    await desk.getByTestId('live-waiting').waitFor();
    await t.goto(`${BASE_URL}/teacher/liveroom-detail?id=${room.id}`);
    await t.getByTestId('live-start').click();
    await t.getByTestId('live-video-local').waitFor();

    // Both students receive the teacher's video without reloading: frames decoded, and growing.
    const video = `live-video-${room.host.id}`;
    for (const page of [desk, hand]) {
      const first = await waitForFrames(page, video, 0);
      await waitForFrames(page, video, first + 5);
    }
    await checkPage(hand, 'live-room-student', hand.getByTestId('live-hand'), '.live-room');

    // Chat and a raised hand reach the teacher.
    await desk.getByTestId('live-chat-input').fill(`老师好${suffix}`);
    await desk.getByTestId('live-chat-send').click();
    await t.getByText(`老师好${suffix}`).waitFor();
    const handUser = await call<{ me: { user_id: number } }>(hand, '/live-room/detail', { room_id: room.id });
    await hand.getByTestId('live-hand').click();
    await t.getByTestId('live-hands-count').filter({ hasText: '1' }).waitFor();
    await t.getByTestId('live-tab-people').click();
    await t.getByTestId(`live-hand-${handUser.me.user_id}`).waitFor();
    await screenshot(t, 'live-room-teacher-zh-CN');

    // The teacher launches the course's interaction from the room (its live screen opens in a new tab); the
    // students' rooms show the question's arrival with the way to answer it.
    await t.getByTestId('live-interact').click();
    const runTab = t.context().waitForEvent('page');
    await t.getByTestId(`live-interact-start-${interaction.id}`).click();
    const teacherRun = await runTab;
    await teacherRun.waitForURL(/\/teacher\/course\/interactExam\?run_id=\d+/);
    const runId = Number(new URL(teacherRun.url()).searchParams.get('run_id'));
    await teacherRun.getByTestId('interact-send-next').click();
    for (const page of [desk, hand]) {
      await page.getByTestId('live-interact-banner').waitFor();
      assert.match(
        (await page.getByTestId('live-interact-answer').getAttribute('href')) ?? '',
        new RegExp(`run_id=${runId}$`),
      );
    }
    await teacherRun.close();

    // The teacher ends it for everyone; both students see it ended.
    await t.getByTestId('live-end').click();
    await t.getByTestId('live-end-ok').click();
    for (const page of [desk, hand]) await page.getByTestId('live-ended').waitFor();

    // The recording becomes a teaching source of the teacher, and it plays.
    let sourceId: number | null = null;
    for (let waited = 0; waited < 60_000 && sourceId === null; waited += 1000) {
      const detail = await call<{ recording_status: string; recording_source_id: number | null }>(
        t,
        '/live-room/detail',
        { room_id: room.id },
      );
      assert.notEqual(detail.recording_status, 'failed');
      sourceId = detail.recording_source_id;
      if (sourceId === null) await t.waitForTimeout(1000);
    }
    assert.ok(sourceId, 'the recording was not made within 60 s');
    for (let waited = 0; waited < 30_000; waited += 1000) {
      const source = await call<{ status: string }>(t, '/dataset-source/detail', { id: sourceId });
      if (source.status !== 'processing') break;
      await t.waitForTimeout(1000);
    }
    await t.goto(`${BASE_URL}/course/dataset/data-detail/preview/${sourceId}`);
    const player = t.locator('video.tracked-video');
    await player.waitFor();
    await player.evaluate((element) => {
      const media = element as HTMLVideoElement;
      media.muted = true;
      return media.play();
    });
    await t.waitForFunction(
      () => ((document.querySelector('video.tracked-video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5,
    );
    const duration = await player.evaluate((element) => (element as HTMLVideoElement).duration);
    assert.ok(duration > 2, `the recording lasts ${duration} s`);

    // On the student's course home the live task is done (they attended) and offers the recording.
    await desk.goto(`${BASE_URL}/course/student-list`);
    await desk.getByTestId(`my-course-card-${course.id}`).click();
    const chapters = desk.getByTestId('course-chapters');
    await chapters.locator(`[data-testid="course-task-${liveTask.id}"][data-state="done"]`).waitFor();
    const recording = chapters.getByTestId(`course-task-live-recording-${liveTask.id}`);
    assert.match((await recording.getAttribute('href')) ?? '', new RegExp(`/api/file/course-material/${liveTask.id}`));
  });
});
