import type { ProcedurePath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember } from '../../testing/audiences.ts';
import { ok as okCall, refused as refusedCall } from '../../testing/courses.ts';
import { freshCandidate, insertInvigilatedExam } from '../../testing/exam-taking.ts';
import { BrowserSession } from '../../testing/janus-browser.ts';
import { freePort, janusPresent, startJanus, type TestJanus } from '../../testing/janus-server.ts';
import { demoSiteIds, sessionFor } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { listenForSockets, openSocket, waitFor } from '../../testing/ws-client.ts';

/** A published exam of the organisation over two new questions, with live invigilation on unless said. */
const invigilatedExam = (t: TestApp, siteId: number, live = true) => insertInvigilatedExam(t, siteId, { live });

const kinds = (events: { kind: string }[]) => events.map((event) => event.kind);

describe('live invigilation without a media server', () => {
  let t: TestApp;
  let siteId: number;
  let otherSiteId: number;
  let teacher: string;
  let otherTeacher: FreshMember;
  const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
    okCall(t, path, body, token);
  const refused = (path: ProcedurePath, body: Record<string, unknown>, token: string) =>
    refusedCall(t, path, body, token);

  beforeAll(async () => {
    t = await createTestApp();
    ({ siteId, otherSiteId } = await demoSiteIds(t));
    teacher = await sessionFor(t, 'teacher');
    otherTeacher = await freshMember(t, otherSiteId, 'role_teacher');
  });
  afterAll(() => t.close());

  it('lists the answering candidates with camera, warnings and timeline; warns one on their page; refuses the rest', async () => {
    const examId = await invigilatedExam(t, siteId);
    const plainExamId = await invigilatedExam(t, siteId, false);
    const [first, second, idle] = [
      await freshCandidate(t, siteId),
      await freshCandidate(t, siteId),
      await freshCandidate(t, siteId),
    ];
    const a1 = (await ok('/dataset-examine/start', { exam_id: examId }, first.token)).attempt_id;
    const a2 = (await ok('/dataset-examine/start', { exam_id: examId }, second.token)).attempt_id;
    expect((await ok('/dataset-examine/attempt', { attempt_id: a1 }, first.token)).live_invigilation).toBe(true);
    expect((await ok('/dataset-examine/pre-exam', { exam_id: examId }, idle.token)).live_invigilation).toBe(true);

    // The exam is offered to invigilators with its two candidates answering; the plain exam is not.
    const exams = (await ok('/live-room/invigilation-exams', {}, teacher)).list;
    expect(exams.find((exam) => exam.id === examId)?.answering).toBe(2);
    expect(exams.some((exam) => exam.id === plainExamId)).toBe(false);

    // The page says the camera is on, then that it stopped (twice: one stop); another's attempt is not the caller's.
    await ok('/dataset-examine/event', { attempt_id: a1, kind: 'camera_on' }, first.token);
    await ok(
      '/dataset-examine/event',
      { attempt_id: a1, kind: 'camera_stopped', detail: { reason: 'ended' } },
      first.token,
    );
    await ok(
      '/dataset-examine/event',
      { attempt_id: a1, kind: 'camera_stopped', detail: { reason: 'ended' } },
      first.token,
    );
    expect(await refused('/dataset-examine/event', { attempt_id: a1, kind: 'camera_on' }, second.token)).toBe(
      'not_found',
    );
    await ok('/dataset-examine/event', { attempt_id: a2, kind: 'camera_on' }, second.token);

    // A warning reaches the candidate's open page and the timeline.
    const socket = await openSocket(await listenForSockets(t.app), { token: first.token });
    await ok('/live-room/invigilation-warn', { attempt_id: a1, message: '  请看屏幕  ' }, teacher);
    const pushed = await waitFor(
      () => socket.messages.find((m) => m?.data?.action === 'invigilation'),
      (m) => m !== undefined,
    );
    expect(pushed.data).toEqual({ action: 'invigilation', attempt_id: a1, message: '请看屏幕' });
    await socket.close();

    const grid = await ok('/live-room/invigilation-grid', { exam_id: examId }, teacher);
    expect(grid).toMatchObject({
      exam: { id: examId, invigilation_screen: false },
      media: false,
      total: 2,
      page: 1,
      pageSize: 16,
    });
    const [row1, row2] = grid.list;
    expect([row1?.user_id, row2?.user_id]).toEqual([first.id, second.id]);
    expect(row1).toMatchObject({
      attempt_id: a1,
      state: 'in_progress',
      camera: 'stopped',
      screen: 'none',
      warnings: 1,
      flag_count: 1,
    });
    expect(kinds(row1!.events)).toEqual(['start', 'camera_on', 'camera_stopped', 'warning']);
    expect(row1!.events.at(-1)?.detail).toMatchObject({ message: '请看屏幕' });
    expect(row2).toMatchObject({ camera: 'on', warnings: 0, flag_count: 0 });
    // The exams' own candidates list counts the camera stop as a flag too.
    const candidates = await ok('/dataset-examine/candidates', { exam_id: examId, pageSize: 10 }, teacher);
    expect(candidates.list.find((c) => c.attempt_id === a1)?.flag_count).toBe(1);

    // Refusals change nothing: bad input, another organisation, a student, an exam without invigilation.
    expect(await refused('/live-room/invigilation-warn', { attempt_id: a1, message: '   ' }, teacher)).toBe(
      'invalid_input',
    );
    expect(await refused('/live-room/invigilation-warn', { attempt_id: a1, message: 'x'.repeat(201) }, teacher)).toBe(
      'invalid_input',
    );
    expect(await refused('/live-room/invigilation-grid', { exam_id: examId }, otherTeacher.token)).toBe('not_found');
    expect(await refused('/live-room/invigilation-warn', { attempt_id: a1, message: 'x' }, otherTeacher.token)).toBe(
      'not_found',
    );
    expect(await refused('/live-room/invigilation-grid', { exam_id: examId }, second.token)).toBe('forbidden');
    expect(await refused('/live-room/invigilation-grid', { exam_id: plainExamId }, teacher)).toBe('invigilation_off');
    const plainAttempt = (await ok('/dataset-examine/start', { exam_id: plainExamId }, idle.token)).attempt_id;
    expect(await refused('/live-room/exam-camera-token', { attempt_id: plainAttempt }, idle.token)).toBe(
      'invigilation_off',
    );
    expect(await refused('/live-room/invigilation-warn', { attempt_id: plainAttempt, message: 'x' }, teacher)).toBe(
      'invigilation_off',
    );
    // No media server here: credentials say so, the grid still works.
    expect(await refused('/live-room/exam-camera-token', { attempt_id: a2 }, second.token)).toBe(
      'live_media_unconfigured',
    );
    expect(await refused('/live-room/invigilation-token', { exam_id: examId }, teacher)).toBe(
      'live_media_unconfigured',
    );
    const after = await ok('/live-room/invigilation-grid', { exam_id: examId }, teacher);
    expect(after.list[0]?.events).toEqual(row1!.events);

    // A submitted attempt leaves the grid; warning it is refused.
    await ok('/dataset-examine/submit', { attempt_id: a2 }, second.token);
    expect(await refused('/live-room/invigilation-warn', { attempt_id: a2, message: 'x' }, teacher)).toBe(
      'exam_attempt_closed',
    );
    expect((await ok('/live-room/invigilation-grid', { exam_id: examId }, teacher)).total).toBe(1);
    // Marking cheating goes through the exams' own flow and ends the attempt there.
    await ok('/dataset-examine/mark-cheat', { attempt_id: a1, note: 'phone in view' }, teacher);
    expect((await ok('/live-room/invigilation-grid', { exam_id: examId }, teacher)).total).toBe(0);
  });
});

const hasJanus = janusPresent('the live-invigilation media tests');

/** With a real Janus whose event handler reports to the platform: credentials, and a camera that stops by itself. */
describe.skipIf(!hasJanus)('live invigilation on Janus', () => {
  let janus: TestJanus;
  let t: TestApp;
  let siteId: number;
  let teacher: string;
  let origin: string;
  const sessions: BrowserSession[] = [];
  const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
    okCall(t, path, body, token);
  const refused = (path: ProcedurePath, body: Record<string, unknown>, token: string) =>
    refusedCall(t, path, body, token);

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

  it("admits the candidate's camera and the invigilator to the exam's room, and a camera gone is in the timeline", async () => {
    const examId = await invigilatedExam(t, siteId);
    const candidate = await freshCandidate(t, siteId);
    const other = await freshCandidate(t, siteId);
    const attemptId = (await ok('/dataset-examine/start', { exam_id: examId }, candidate.token)).attempt_id;
    expect(await refused('/live-room/exam-camera-token', { attempt_id: attemptId }, other.token)).toBe('not_found');

    const mine = await ok('/live-room/exam-camera-token', { attempt_id: attemptId }, candidate.token);
    const invigilatorMember = await freshMember(t, siteId, 'role_teacher');
    const watcher = await ok('/live-room/invigilation-token', { exam_id: examId }, invigilatorMember.token);
    if (mine.provider !== 'janus' || watcher.provider !== 'janus') throw new Error('Janus credentials expected');
    expect(mine.room).toBe(watcher.room);
    expect(mine.room).toBeGreaterThan(2 ** 32);

    const camera = await BrowserSession.open(janus.wsUrl, mine.token);
    sessions.push(camera);
    await camera.attach();
    const feedId = candidate.id * 1000 + 7;
    const joined = await camera.send({
      janus: 'message',
      body: {
        request: 'join',
        ptype: 'publisher',
        room: mine.room,
        id: feedId,
        display: String(candidate.id),
        token: mine.room_token,
      },
    });
    expect(joined.plugindata.data.videoroom).toBe('joined');
    // Another candidate's room token does not let a third party in under the candidate's name.
    const intruder = await BrowserSession.open(janus.wsUrl, mine.token);
    sessions.push(intruder);
    await intruder.attach();
    const refusedJoin = await intruder.join(mine.room, other.id, undefined);
    expect(refusedJoin.videoroom).toBe('event');
    expect(refusedJoin.error_code).toBeGreaterThan(0);

    const invigilator = await BrowserSession.open(janus.wsUrl, watcher.token);
    sessions.push(invigilator);
    await invigilator.attach();
    expect((await invigilator.join(watcher.room, invigilatorMember.id, watcher.room_token)).videoroom).toBe('joined');

    // The page said the camera was on; the page then disappears (its socket closes): Janus says the feed left.
    await ok('/dataset-examine/event', { attempt_id: attemptId, kind: 'camera_on' }, candidate.token);
    camera.close();
    const events = await waitFor(
      async () => (await ok('/dataset-examine/attempt-events', { attempt_id: attemptId }, teacher)).list,
      (list) => list.some((event) => event.kind === 'camera_stopped'),
      15_000,
    );
    expect(kinds(events)).toEqual(['start', 'camera_on', 'camera_stopped']);
    expect(events.at(-1)?.detail).toMatchObject({ source: 'media_server' });
    const grid = await ok('/live-room/invigilation-grid', { exam_id: examId }, teacher);
    expect(grid.media).toBe(true);
    expect(grid.list[0]).toMatchObject({ user_id: candidate.id, camera: 'stopped', flag_count: 1 });

    // A submitted attempt gets no more credentials.
    await ok('/dataset-examine/submit', { attempt_id: attemptId }, candidate.token);
    expect(await refused('/live-room/exam-camera-token', { attempt_id: attemptId }, candidate.token)).toBe(
      'exam_attempt_closed',
    );
  });

  it("kicks a participant that joins under another candidate's feed id, and keeps that candidate's timeline clean", async () => {
    const examId = await invigilatedExam(t, siteId);
    const [cheat, victim] = [await freshCandidate(t, siteId), await freshCandidate(t, siteId)];
    const cheatAttempt = (await ok('/dataset-examine/start', { exam_id: examId }, cheat.token)).attempt_id;
    const victimAttempt = (await ok('/dataset-examine/start', { exam_id: examId }, victim.token)).attempt_id;
    const cheatCredentials = await ok('/live-room/exam-camera-token', { attempt_id: cheatAttempt }, cheat.token);
    if (cheatCredentials.provider !== 'janus') throw new Error('Janus credentials expected');

    // The cheat's own room token, the victim's feed id: Janus lets it in, the platform kicks it on the joined event.
    const forged = await BrowserSession.open(janus.wsUrl, cheatCredentials.token);
    sessions.push(forged);
    await forged.attach();
    const victimFeed = victim.id * 1000 + 1;
    const answer = await forged.join(cheatCredentials.room, cheat.id, cheatCredentials.room_token, victimFeed);
    expect(answer).toMatchObject({ videoroom: 'joined', id: victimFeed });
    const kicked = await waitFor(
      async () => forged.messages.find((message) => message.plugindata?.data?.leaving === 'ok'),
      (message) => message !== undefined,
      15_000,
    );
    expect(kicked?.plugindata.data).toMatchObject({ leaving: 'ok', reason: 'kicked' });

    // The victim joins under their own feed id (free again); their timeline has no camera event of the forged feed.
    const victimCredentials = await ok('/live-room/exam-camera-token', { attempt_id: victimAttempt }, victim.token);
    if (victimCredentials.provider !== 'janus') throw new Error('Janus credentials expected');
    const own = await BrowserSession.open(janus.wsUrl, victimCredentials.token);
    sessions.push(own);
    await own.attach();
    expect(await own.join(victimCredentials.room, victim.id, victimCredentials.room_token)).toMatchObject({
      videoroom: 'joined',
      id: victimFeed,
    });
    // The cheat under their own feed id stays in.
    const honest = await BrowserSession.open(janus.wsUrl, cheatCredentials.token);
    sessions.push(honest);
    await honest.attach();
    expect(await honest.join(cheatCredentials.room, cheat.id, cheatCredentials.room_token)).toMatchObject({
      videoroom: 'joined',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(honest.messages.some((message) => message.plugindata?.data?.leaving === 'ok')).toBe(false);
    const events = (await ok('/dataset-examine/attempt-events', { attempt_id: victimAttempt }, teacher)).list;
    expect(kinds(events)).toEqual(['start']);
  });

  it('ignores event posts without the derived key', async () => {
    const answer = await fetch(`${origin}/api/media/janus-events/wrong`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
    expect(answer.status).toBe(404);
  });
});
