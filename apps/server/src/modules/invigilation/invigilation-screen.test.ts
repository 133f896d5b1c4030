import type { ProcedurePath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok as okCall } from '../../testing/courses.ts';
import { freshCandidate, insertInvigilatedExam } from '../../testing/exam-taking.ts';
import { examCategory, examQuestions } from '../../testing/exams.ts';
import { BrowserSession } from '../../testing/janus-browser.ts';
import { freePort, janusPresent, startJanus, type TestJanus } from '../../testing/janus-server.ts';
import { demoSiteIds, sessionFor } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { waitFor } from '../../testing/ws-client.ts';
import { janusEventsUrl } from '../live-rooms/index.ts';

/** Live invigilation with the candidates' screens shared too (docs/invigilation.md): the exam's switch and the kinds. */

const kinds = (events: { kind: string }[]) => events.map((event) => event.kind);
const hour = 3600_000;

describe("live invigilation of the candidates' screens", () => {
  let t: TestApp;
  let siteId: number;
  let teacher: string;
  const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
    okCall(t, path, body, token);

  beforeAll(async () => {
    t = await createTestApp();
    ({ siteId } = await demoSiteIds(t));
    teacher = await sessionFor(t, 'teacher');
  });
  afterAll(() => t.close());

  it("saves the exam's screen switch, stored off while live invigilation is off", async () => {
    const input = {
      name: `屏幕-${Math.random().toString(36).slice(2, 8)}`,
      question_ids: await examQuestions(t, siteId, await examCategory(t, siteId), 1),
      pass_score: 60,
      duration_seconds: 600,
      window_start: new Date(Date.now() - hour).toISOString(),
      window_end: new Date(Date.now() + hour).toISOString(),
    };
    const off = await ok(
      '/dataset-examine/create',
      { ...input, live_invigilation: false, invigilation_screen: true },
      teacher,
    );
    expect(off).toMatchObject({ live_invigilation: false, invigilation_screen: false });
    const on = await ok(
      '/dataset-examine/update',
      { id: off.id, ...input, live_invigilation: true, invigilation_screen: true },
      teacher,
    );
    expect(on).toMatchObject({ live_invigilation: true, invigilation_screen: true });
    expect(await ok('/dataset-examine/detail', { id: off.id }, teacher)).toMatchObject({ invigilation_screen: true });
    // Invigilation turned off takes the screen with it; without the screen the camera alone stays.
    const cameraOnly = await ok(
      '/dataset-examine/update',
      { id: off.id, ...input, live_invigilation: true, invigilation_screen: false },
      teacher,
    );
    expect(cameraOnly).toMatchObject({ live_invigilation: true, invigilation_screen: false });
    const none = await ok(
      '/dataset-examine/update',
      { id: off.id, ...input, live_invigilation: false, invigilation_screen: true },
      teacher,
    );
    expect(none).toMatchObject({ live_invigilation: false, invigilation_screen: false });
  });

  it('tells the candidate, keeps screen events apart from the camera (a stop twice is one), and shows them in the grid', async () => {
    const examId = await insertInvigilatedExam(t, siteId, { screen: true });
    const plainExamId = await insertInvigilatedExam(t, siteId);
    const [candidate, idle] = [await freshCandidate(t, siteId), await freshCandidate(t, siteId)];
    expect(await ok('/dataset-examine/pre-exam', { exam_id: examId }, idle.token)).toMatchObject({
      live_invigilation: true,
      invigilation_screen: true,
    });
    expect((await ok('/dataset-examine/pre-exam', { exam_id: plainExamId }, idle.token)).invigilation_screen).toBe(
      false,
    );
    const attemptId = (await ok('/dataset-examine/start', { exam_id: examId }, candidate.token)).attempt_id;
    expect((await ok('/dataset-examine/attempt', { attempt_id: attemptId }, candidate.token)).invigilation_screen).toBe(
      true,
    );

    const report = (kind: string, reason?: string) =>
      ok(
        '/dataset-examine/event',
        { attempt_id: attemptId, kind, ...(reason ? { detail: { reason } } : {}) },
        candidate.token,
      );
    await report('camera_on');
    await report('screen_on');
    // The screen stops twice (the page and a retry): one stop; the camera's state is its own.
    await report('screen_stopped', 'ended');
    await report('screen_stopped', 'ended');
    await report('camera_on');
    const events = (await ok('/dataset-examine/attempt-events', { attempt_id: attemptId }, teacher)).list;
    expect(kinds(events)).toEqual(['start', 'camera_on', 'screen_on', 'screen_stopped']);
    expect(events.at(-1)?.detail).toMatchObject({ source: 'page', reason: 'ended' });

    const grid = await ok('/live-room/invigilation-grid', { exam_id: examId }, teacher);
    expect(grid.exam).toEqual({ id: examId, name: expect.any(String), invigilation_screen: true });
    expect(grid.list[0]).toMatchObject({ user_id: candidate.id, camera: 'on', screen: 'stopped', flag_count: 1 });
    // The exams' candidates list counts the screen stop as a flag too.
    const candidates = await ok('/dataset-examine/candidates', { exam_id: examId, pageSize: 10 }, teacher);
    expect(candidates.list.find((c) => c.attempt_id === attemptId)?.flag_count).toBe(1);

    // Shared again: on; then a camera stop is a flag of its own.
    await report('screen_on');
    await report('camera_stopped', 'denied');
    const again = await ok('/live-room/invigilation-grid', { exam_id: examId }, teacher);
    expect(again.list[0]).toMatchObject({ camera: 'stopped', screen: 'on', flag_count: 2 });
    expect((await ok('/live-room/invigilation-grid', { exam_id: plainExamId }, teacher)).exam.invigilation_screen).toBe(
      false,
    );
  });
});

const hasJanus = janusPresent('the screen-invigilation media tests');

/** With a real Janus whose event handler reports to the platform: a candidate's screen feed in the timeline. */
describe.skipIf(!hasJanus)("live invigilation of the candidates' screens on Janus", () => {
  let janus: TestJanus;
  let t: TestApp;
  let siteId: number;
  let teacher: string;
  let origin: string;
  const sessions: BrowserSession[] = [];
  const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
    okCall(t, path, body, token);

  beforeAll(async () => {
    const port = await freePort();
    janus = await startJanus({ platformUrl: `http://127.0.0.1:${port}` });
    t = await createTestApp(janus.env);
    await t.app.listen({ port, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${port}`;
    ({ siteId } = await demoSiteIds(t));
    teacher = await sessionFor(t, 'teacher');
  });
  afterAll(async () => {
    for (const session of sessions) session.close();
    await t?.close();
    await janus?.close();
  });

  it("takes a screen feed published for screen_on and a screen feed gone for screen_stopped, the camera's untouched", async () => {
    const examId = await insertInvigilatedExam(t, siteId, { screen: true });
    const candidate = await freshCandidate(t, siteId);
    const attemptId = (await ok('/dataset-examine/start', { exam_id: examId }, candidate.token)).attempt_id;
    const mine = await ok('/live-room/exam-camera-token', { attempt_id: attemptId }, candidate.token);
    if (mine.provider !== 'janus') throw new Error('Janus credentials expected');

    // The page's screen publisher joins as the live rooms' do: feed id from 500, display "<userId>:screen".
    const screen = await BrowserSession.open(janus.wsUrl, mine.token);
    sessions.push(screen);
    await screen.attach();
    const feedId = candidate.id * 1000 + 500 + 3;
    const joined = await screen.send({
      janus: 'message',
      body: {
        request: 'join',
        ptype: 'publisher',
        room: mine.room,
        id: feedId,
        display: `${candidate.id}:screen`,
        token: mine.room_token,
      },
    });
    expect(joined.plugindata.data).toMatchObject({ videoroom: 'joined', id: feedId });

    // Publishing takes WebRTC, which this test has not: Janus's `published` event for the feed is posted as Janus's
    // event handler would post it (the derived address, the VideoRoom's event shape).
    const published = await fetch(janusEventsUrl(origin, janus.env.JANUS_ROOM_KEY!), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        {
          type: 64,
          event: {
            plugin: 'janus.plugin.videoroom',
            data: { event: 'published', room: mine.room, id: feedId, display: `${candidate.id}:screen` },
          },
        },
      ]),
    });
    expect(published.status).toBe(200);

    // The page disappears: Janus itself says the screen feed left.
    screen.close();
    const events = await waitFor(
      async () => (await ok('/dataset-examine/attempt-events', { attempt_id: attemptId }, teacher)).list,
      (list) => list.some((event) => event.kind === 'screen_stopped'),
      15_000,
    );
    expect(kinds(events)).toEqual(['start', 'screen_on', 'screen_stopped']);
    expect(events[1]?.detail).toMatchObject({ source: 'media_server' });
    // Janus says the feed was unpublished and then that it left: one stop.
    expect(events[2]?.detail).toMatchObject({
      source: 'media_server',
      reason: expect.stringMatching(/^(unpublished|left)$/),
    });
    const grid = await ok('/live-room/invigilation-grid', { exam_id: examId }, teacher);
    expect(grid.list[0]).toMatchObject({ user_id: candidate.id, camera: 'none', screen: 'stopped', flag_count: 1 });
  });
});
