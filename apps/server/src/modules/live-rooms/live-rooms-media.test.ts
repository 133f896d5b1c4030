import type { ProcedurePath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshMember, freshMember, groupOf } from '../../testing/audiences.ts';
import { ok as okCall, refused as refusedCall } from '../../testing/courses.ts';
import { BrowserSession } from '../../testing/janus-browser.ts';
import { janusPresent, startJanus, type TestJanus } from '../../testing/janus-server.ts';
import { authoringFixture } from '../../testing/question-bank.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { waitFor } from '../../testing/ws-client.ts';

const hasJanus = janusPresent('the live-room media tests');

/** Live rooms against a real Janus started here: credentials only for the room's people, and they work on Janus. */
describe.skipIf(!hasJanus)('live-room media on Janus', () => {
  let janus: TestJanus;
  let t: TestApp;
  let teacher: string;
  let member: FreshMember;
  let otherClass: FreshMember;
  let otherSite: FreshMember;
  let classId: number;
  const sessions: BrowserSession[] = [];

  const ok = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, token: string) =>
    okCall(t, path, body, token);
  const refused = (path: ProcedurePath, body: Record<string, unknown>, token: string) =>
    refusedCall(t, path, body, token);

  beforeAll(async () => {
    janus = await startJanus();
    t = await createTestApp(janus.env);
    const fixture = await authoringFixture(t);
    teacher = fixture.teacher;
    member = await freshMember(t, fixture.siteId, 'role_student');
    otherClass = await freshMember(t, fixture.siteId, 'role_student');
    otherSite = await freshMember(t, (await demoSiteIds(t)).otherSiteId, 'role_student');
    classId = await groupOf(t, fixture.siteId, 'class', [member]);
    await groupOf(t, fixture.siteId, 'class', [otherClass]);
  });
  afterAll(async () => {
    for (const session of sessions) session.close();
    await t?.close();
    await janus?.close();
  });

  async function browser(token: string): Promise<BrowserSession> {
    const session = await BrowserSession.open(janus.wsUrl, token);
    sessions.push(session);
    return session;
  }

  it("lets the pages connect to Janus's websocket (the security policy names it)", async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/index/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    const connect = String(answer.headers['content-security-policy'])
      .split(';')
      .find((part) => part.includes('connect-src'));
    expect(connect?.trim().split(/\s+/)).toContain(janus.wsUrl.replace(/\/$/, ''));
  });

  it('issues credentials to the live room’s host and students only, and they join the media room', async () => {
    const room = await ok(
      '/live-room/create',
      { title: 'Media', course_id: null, class_ids: [classId], starts_at: new Date().toISOString(), minutes: 30 },
      teacher,
    );
    expect(await refused('/live-room/volcano-rtc-token', { room_id: room.id }, member.token)).toBe(
      'live_room_not_live',
    );
    expect((await ok('/live-room/start-live', { room_id: room.id }, teacher)).media).toBe(true);

    expect(await refused('/live-room/volcano-rtc-token', { room_id: room.id }, otherClass.token)).toBe('not_found');
    expect(await refused('/live-room/volcano-rtc-token', { room_id: room.id }, otherSite.token)).toBe('not_found');
    const mine = await ok('/live-room/volcano-rtc-token', { room_id: room.id }, member.token);
    const host = await ok('/live-room/volcano-rtc-token', { room_id: room.id }, teacher);
    if (mine.provider !== 'janus' || host.provider !== 'janus') throw new Error('expected Janus credentials');
    expect(mine).toMatchObject({ url: janus.wsUrl, room: room.id });
    expect(mine.room_token).not.toBe(host.room_token);
    expect(new Date(mine.expires_at).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);

    // The student's credentials open a Janus session and join the room; a made-up room token does not.
    const student = await browser(mine.token);
    expect((await student.attach()).janus).toBe('success');
    const me = await ok('/live-room/detail', { room_id: room.id }, member.token);
    expect(await student.join(mine.room, me.me!.user_id, mine.room_token)).toMatchObject({ videoroom: 'joined' });
    const intruder = await browser(mine.token);
    await intruder.attach();
    expect((await intruder.join(mine.room, otherClass.id, `${mine.room_token}x`)).error_code).toBeGreaterThan(0);

    // Ending the room closes the media room: the credentials join nothing any more.
    await ok('/live-room/end-live', { room_id: room.id }, teacher);
    const late = await browser(host.token);
    await late.attach();
    expect((await late.join(host.room, 1, host.room_token)).error_code).toBe(426);
    expect(await refused('/live-room/volcano-rtc-token', { room_id: room.id }, member.token)).toBe(
      'live_room_not_live',
    );
  });

  it('makes a recorded room’s recording after the end, and says it failed when the host sent nothing', async () => {
    const room = await ok(
      '/live-room/create',
      {
        title: 'Silent',
        course_id: null,
        class_ids: [classId],
        starts_at: new Date().toISOString(),
        minutes: 30,
        record: true,
      },
      teacher,
    );
    await ok('/live-room/start-live', { room_id: room.id }, teacher);
    const ended = await ok('/live-room/end-live', { room_id: room.id }, teacher);
    expect(ended.recording_status).toBe('processing');
    const done = await waitFor(
      () => ok('/live-room/detail', { room_id: room.id }, teacher),
      (view) => view.recording_status !== 'processing',
      20_000,
    );
    expect(done).toMatchObject({ recording_status: 'failed', recording_source_id: null });
  });
});
